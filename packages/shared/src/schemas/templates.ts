import { z } from 'zod';
import { duplicateExerciseIndexes } from '../domain/exercise-names';
import { TEMPLATE_MAX_WEEKS } from '../domain/program-weeks';
import { sortWeekdays } from '../domain/weekdays';
import { MESSAGES } from '../messages';
import { requiredField, ZId } from './common';
import { dosageInputShape, ZDosage } from './dosage';
import { ZWeekday } from './programs';

/** Design 10.4: texts of template saves (short and plain: they are new, not the spec's). */
export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  exercisesRequired: 'Add at least one exercise.',
  tooManyExercises: 'A template can have at most 100 exercises.',
  weeksRange: 'Enter a whole number of weeks from 1 to 52.',
  duplicateExerciseName: 'This exercise name is already in the template.',
  programWithoutExercises: 'This program has no exercises to save.',
} as const;

export const TEMPLATE_MAX_EXERCISES = 100;

/** A template's exercise as the API returns it; media by reference (design 10.1) with signed URLs. */
export const ZTemplateExercise = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  instructions: z.string(),
  ...ZDosage.shape,
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  /** Send these back as a program exercise's `image_media_id`/`video_media_id` to reuse the file. */
  image_media_id: z.number().nullable(),
  video_media_id: z.number().nullable(),
});
export type TTemplateExercise = z.infer<typeof ZTemplateExercise>;

/** GET /templates/{id}/ and every save's answer. */
export const ZTemplate = z.object({
  id: z.number(),
  name: z.string(),
  /** MON..SUN, Monday first. */
  days_of_week: z.array(ZWeekday),
  /** How many weeks a program started from it runs, or null for no end date. */
  weeks: z.number().nullable(),
  clinic: z.number().nullable(),
  created_by: z.number().nullable(),
  /** '' when the account that made it is gone. */
  created_by_name: z.string(),
  exercise_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  exercises: z.array(ZTemplateExercise),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/**
 * GET /templates/: each template whole, exercises included (one query), so that the templates page can list the
 * exercise names and Start from template needs no second call.
 */
export const ZTemplateSummary = ZTemplate;
export type TTemplateSummary = TTemplate;

const ZTemplateName = requiredField(
  z.string().trim().min(1, TEMPLATE_MESSAGES.nameRequired).max(200, MESSAGES.tooLong),
  TEMPLATE_MESSAGES.nameRequired,
);

const ZWeeks = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce
    .number({ error: TEMPLATE_MESSAGES.weeksRange })
    .int(TEMPLATE_MESSAGES.weeksRange)
    .min(1, TEMPLATE_MESSAGES.weeksRange)
    .max(TEMPLATE_MAX_WEEKS, TEMPLATE_MESSAGES.weeksRange)
    .nullable(),
);

/** One exercise of a template save: its text, dosage and media it reuses by id (a template stores no uploads). */
export const ZTemplateExerciseInput = z.object({
  name: requiredField(
    z.string().trim().min(1, MESSAGES.exerciseNameRequired).max(200, MESSAGES.tooLong),
    MESSAGES.exerciseNameRequired,
  ),
  instructions: z.string().max(5000, MESSAGES.tooLong).default(''),
  image_media_id: ZId.nullable().optional(),
  video_media_id: ZId.nullable().optional(),
  ...dosageInputShape,
});
export type TTemplateExerciseInput = z.input<typeof ZTemplateExerciseInput>;

/** POST /templates/ and PUT /templates/{id}/ (JSON): PUT replaces the name, days, weeks and the whole exercise list. */
export const ZSaveTemplate = z.object({
  name: ZTemplateName,
  days_of_week: z.array(ZWeekday).default([]).transform(sortWeekdays),
  weeks: ZWeeks.optional().transform((weeks) => weeks ?? null),
  exercises: z
    .array(ZTemplateExerciseInput, { error: TEMPLATE_MESSAGES.exercisesRequired })
    .min(1, TEMPLATE_MESSAGES.exercisesRequired)
    .max(TEMPLATE_MAX_EXERCISES, TEMPLATE_MESSAGES.tooManyExercises)
    .superRefine((list, ctx) => {
      for (const index of duplicateExerciseIndexes(list.map((e) => e.name))) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: TEMPLATE_MESSAGES.duplicateExerciseName,
        });
      }
    }),
});
export type TSaveTemplate = z.input<typeof ZSaveTemplate>;
export type TSaveTemplateValues = z.output<typeof ZSaveTemplate>;

/** POST /templates/from-program/: a program in the caller's scope becomes a template (media by reference). */
export const ZTemplateFromProgram = z.object({
  program_id: requiredField(ZId),
  name: ZTemplateName,
});
export type TTemplateFromProgram = z.input<typeof ZTemplateFromProgram>;
