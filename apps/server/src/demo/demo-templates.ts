import type { TemplateExerciseValues } from '../modules/templates/templates.repository';
import { insertTemplate, replaceTemplateExercises } from '../modules/templates/templates.repository';
import { dosageValues } from '../lib/dosage';
import type { Db } from '../db/client';

const exercise = (
  name: string,
  instructions: string,
  dosage: Parameters<typeof dosageValues>[0],
): TemplateExerciseValues => ({
  name,
  instructions,
  imageMediaId: null,
  videoMediaId: null,
  ...dosageValues(dosage),
});

/** A template of the demo clinic, so that Start from template has something to show on a first run. */
export async function seedDemoTemplate(
  db: Db,
  ids: { clinicId: number; therapistId: number },
  now = new Date(),
) {
  const templateId = await insertTemplate(db, {
    name: 'Balance after stroke: first month',
    daysOfWeek: ['MON', 'WED', 'FRI'],
    weeks: 4,
    clinicId: ids.clinicId,
    createdById: ids.therapistId,
    now,
  });
  await replaceTemplateExercises(db, templateId, [
    exercise(
      'Sit to stand',
      'Sit on a firm chair, feet flat. Stand up without using your hands, then sit down slowly.',
      {
        sets: 2,
        reps: 10,
      },
    ),
    exercise(
      'Standing balance',
      'Stand next to the kitchen bench with your feet together. Hold the bench if you need to.',
      {
        sets: 3,
        hold_seconds: 30,
      },
    ),
    exercise('Heel raises', 'Hold the bench. Rise onto your toes, then lower slowly.', { sets: 1, reps: 15 }),
  ]);
}
