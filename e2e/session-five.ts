import { createActiveClient } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { createProgramWithMedia, type ExerciseSpec } from './support/program-with-media';

// The five-exercise day the session journeys go through (docs/product/session.md#guided-session).

const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** Five exercises with pictures, dosages and instructions as long as the starter library's. */
export const FIVE: ExerciseSpec[] = [
  {
    name: 'Sit to stand',
    instructions:
      'Sit on a firm chair with your feet flat on the floor.\nLean forward and stand up slowly, using your hands if you need to. Stand tall, then sit down again slowly.',
    dosage: { sets: 3, reps: 10, rest_seconds: 30 },
    photo: true,
  },
  {
    name: 'Heel raises',
    instructions: 'Hold the bench. Rise onto your toes.',
    dosage: { reps: 10, hold_seconds: 5 },
    photo: true,
  },
  {
    name: 'Side steps along the kitchen bench',
    instructions:
      'Stand side on to the kitchen bench and hold it lightly. Step sideways along the bench, bringing your feet together each time, then step back. Keep your toes pointing forward.',
    dosage: { reps: 10, side: 'both' },
    photo: true,
  },
  {
    name: 'Arm reach',
    instructions: 'Reach forward with your weaker arm.',
    dosage: { sets: 2, side: 'left' },
    photo: true,
  },
  {
    name: 'Deep breaths',
    instructions: 'Breathe in slowly, then out.',
    dosage: { times_per_day: 2 },
    photo: true,
  },
];
export const EFFORTS = [3, 5, 7, 9, 2];

/** A new client of the demo therapist with FIVE prescribed every day from three days ago. */
export async function newClientWithFive(therapist: string, lastName: string) {
  const client = await createActiveClient(therapist, lastName);
  const program = await createProgramWithMedia(therapist, client.id, {
    name: 'Stronger legs',
    start_date: sydneyDate(-3),
    end_date: sydneyDate(30),
    days: EVERY_DAY,
    exercises: FIVE,
  });
  return { client, program };
}
