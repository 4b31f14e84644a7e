import { addDays } from '@hep/shared/domain/day-status';
import type { Fixtures } from './seed-fixtures';

// A type, not an interface, so that it is also a Record<string, unknown> (bench/endpoints.ts writeEndpoint).
export type FeedbackBody = {
  exercise: number;
  date_completed: string;
  effort_rating: number;
  feeling: string;
};

/**
 * Feedback bodies for the writer, each on an (exercise, day) pair no earlier request used: the unique index on
 * feedback(exercise_id, date_completed) would answer a repeat with 409. Days go back from today, all prescribed.
 */
export function freshFeedbackBodies(fixtures: Fixtures): () => FeedbackBody {
  const exercises = fixtures.writerExercises;
  let next = 0;
  return () => {
    const n = next++;
    const daysBack = Math.floor(n / exercises.length);
    if (daysBack >= fixtures.writerDays) throw new Error('the bench ran out of fresh feedback days');
    return {
      exercise: exercises[n % exercises.length]!,
      date_completed: addDays(fixtures.today, -daysBack),
      effort_rating: n % 11,
      feeling: 'Bench entry: felt steady today.',
    };
  };
}
