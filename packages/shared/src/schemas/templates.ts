import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { duplicateExerciseIndexes } from '../domain/exercise-names';
import { TEMPLATE_MAX_WEEKS } from '../domain/program-weeks';
import { sortWeekdays } from '../domain/weekdays';
import { requiredField, ZId } from './common';
import { dosageInputShape } from './dosage';
import { exerciseMediaIds, ZExerciseContent, ZExerciseName } from './exercise-content';
import { ZWeekday } from './programs';

/** Texts of template saves (docs/product/library-and-templates.md#templates): our own, short and plain. */
export const TEMPLATE_MESSAGES = {
  nameRequired: /*i18n*/ 'Template name is required',
  exercisesRequired: /*i18n*/ 'Add at least one exercise.',
  tooManyExercises: /*i18n*/ 'A template can have at most 100 exercises.',
  weeksRange: /*i18n*/ 'Enter a whole number of weeks from 1 to 52.',
  duplicateExerciseName: /*i18n*/ 'This exercise name is already in the template.',
  programWithoutExercises: /*i18n*/ 'This program has no exercises to save.',
} as const;

export const TEMPLATE_MAX_EXERCISES = 100;

/** A template's exercise as the API returns it: the exercise content and its place in the template. */
export const ZTemplateExercise = ZExerciseContent.extend({
  id: z.number(),
  position: z.number(),
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
  z.string().trim().min(1, TEMPLATE_MESSAGES.nameRequired).max(200, VALIDATION_TEXTS.tooLong),
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
  name: ZExerciseName,
  instructions: z.string().max(5000, VALIDATION_TEXTS.tooLong).default(''),
  ...exerciseMediaIds,
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
