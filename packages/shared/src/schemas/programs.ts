import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { WEEKDAYS } from '../domain/constants';
import { LIMITS } from '../limits';
import { optionalField, requiredField, ZFormBoolean, ZId, ZIsoDate } from './common';
import { ZAdherenceRate } from './adherence';
import { dosageInputShape } from './dosage';
import { exerciseMediaIdFields, exerciseMediaIds, ZExerciseContent } from './exercise-content';
import { checkOptionalRange } from './status';

export const ZWeekday = z.enum(WEEKDAYS);

/** A program's exercise as the API returns it: the exercise content, its place in the program and its source. */
export const ZExercise = ZExerciseContent.extend({
  id: z.number(),
  program: z.number(),
  position: z.number(),
  /** The prescribing therapist's discipline. */
  discipline: z.string().nullable(),
  source_exercise: z.number().nullable(),
});
export type TExercise = z.infer<typeof ZExercise>;

/**
 * A program with its exercises: GET /programs/, /programs/{id}/ and /historical/
 * (docs/product/programs-and-exercises.md#exercises).
 */
export const ZProgram = z.object({
  id: z.number(),
  name: z.string(),
  client: z.object({
    id: z.number(),
    user: z.object({ id: z.number() }),
    first_name: z.string(),
    last_name: z.string(),
  }),
  client_name: z.string(),
  therapist: z.number().nullable(),
  therapist_name: z.string(),
  therapist_discipline: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  days_of_week: z.array(ZWeekday),
  is_draft: z.boolean(),
  /** Send back on PUT: a save against an older version answers 409. */
  version: z.number(),
  /** The most recent date any exercise of the program has feedback for, or null (the client page's cards). */
  last_completed: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  exercises: z.array(ZExercise),
});
export type TProgram = z.infer<typeof ZProgram>;

/**
 * An item of GET /programs/. A list of one client's programs (`client`: the client page's cards) gives each its
 * last-7-days adherence (null when nothing was due: docs/product/feedback-and-progress.md#adherence); the week and
 * scope lists leave it out.
 */
export const ZProgramListItem = ZProgram.extend({ adherence_last_7: ZAdherenceRate.optional() });
export type TProgramListItem = z.infer<typeof ZProgramListItem>;

/**
 * GET /programs/ filters: `client`, and `start_date`/`end_date` together keep only published programs whose dates
 * overlap that range (the weekly list).
 */
export const ZProgramListQuery = z
  .object({
    client: ZId.optional(),
    start_date: ZIsoDate.optional(),
    end_date: ZIsoDate.optional(),
  })
  .superRefine(checkOptionalRange);

const ZOptionalDate = z
  .union([ZIsoDate, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/** The id of the record a form is about: "This field is required." when missing, else "Enter a valid id.". */
const ZFormId = requiredField(ZId);

/**
 * One exercise in a save: an existing one (`id`) is updated, a new one created, and any existing exercise not
 * listed is deleted. Files come as multipart parts `exercise_{n}_image` / `exercise_{n}_video`, n being the
 * index in this list. Without a new file, `image_media_id`/`video_media_id` name media the caller may already see
 * (docs/product/library-and-templates.md#media-by-reference: a library item's, a template's, a program's in scope;
 * else 404), or `keep_image`/`keep_video` keep the exercise's current media, or, when `source_exercise_id` is set
 * (replicate), reuse the source's media.
 */
export const ZExerciseInput = z.object({
  id: ZId.optional(),
  name: z.string().max(200, VALIDATION_TEXTS.tooLong).default(''),
  instructions: z.string().max(5000, VALIDATION_TEXTS.tooLong).default(''),
  keep_image: z.boolean().default(false),
  keep_video: z.boolean().default(false),
  source_exercise_id: ZId.nullable().optional(),
  ...exerciseMediaIds,
  ...dosageInputShape,
});
export type TExerciseInput = z.input<typeof ZExerciseInput>;

const MAX_EXERCISES = 100;

/** A program's whole exercise list (multipart sends it as one JSON text field); an id listed twice is refused. */
export const ZExerciseList = z
  .array(ZExerciseInput, { error: /*i18n*/ 'The exercise list could not be read.' })
  .max(MAX_EXERCISES, /*i18n*/ 'Too many exercises.')
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((exercise, index) => {
      if (exercise.id === undefined) return;
      if (seen.has(exercise.id)) {
        ctx.addIssue({ code: 'custom', path: [index], message: /*i18n*/ 'This exercise is listed twice.' });
      }
      seen.add(exercise.id);
    });
  });

const programValues = {
  name: z.string().trim().max(200, VALIDATION_TEXTS.tooLong).default(''),
  start_date: ZOptionalDate,
  end_date: ZOptionalDate,
  is_draft: ZFormBoolean.default(true),
  days_of_week: z.array(ZWeekday).default([]),
  /** Absent: the exercises stay as they are; present: the program's whole new list. */
  exercises: ZExerciseList.optional(),
};

/**
 * The fields of POST /programs/ (multipart, or JSON without files). The web app also sends `exercises` (a JSON
 * list of ZExerciseInput) and the files in the same request, so the program, its exercises and media are saved
 * in one transaction. `days_of_week` is one repeated field per day, or a JSON array string.
 */
export const ZProgramFields = z.object({ client_id: ZFormId, ...programValues });
export type TProgramFields = z.output<typeof ZProgramFields>;

/** PUT /programs/{id}/: `version` is the one the form loaded; a sent `client_id` must be the program's. */
export const ZUpdateProgramFields = z.object({
  client_id: optionalField(ZId),
  version: ZFormId,
  ...programValues,
});

const exerciseText = {
  name: ZExerciseInput.shape.name,
  instructions: ZExerciseInput.shape.instructions,
  ...exerciseMediaIdFields,
  ...dosageInputShape,
};

/** POST /exercises/: one more exercise at the end of the program (files `image`, `video`). */
export const ZCreateExerciseFields = z.object({ program_id: ZFormId, ...exerciseText });

/** PUT /exercises/{id}/: without a new file, keep_image/keep_video ("true" when left out) keep the current one. */
export const ZUpdateExerciseFields = z.object({
  /** When sent, it must be the exercise's own program. */
  program_id: optionalField(ZId),
  ...exerciseText,
  keep_image: ZFormBoolean.default(true),
  keep_video: ZFormBoolean.default(true),
});

/** POST /exercises/batch_create/: the program's whole exercise list, as in a program save. */
export const ZBatchExercisesFields = z.object({
  program_id: ZFormId,
  exercises: requiredField(ZExerciseList),
});

export const ZSaveProgramResponse = z.object({ id: z.number(), message: z.string(), program: ZProgram });
export type TSaveProgramResponse = z.infer<typeof ZSaveProgramResponse>;

/** POST /program-versions/create_version/ */
export const ZCreateVersion = z.object({
  program: ZId,
  change_reason: z
    .string({ error: VALIDATION_TEXTS.required })
    .trim()
    .min(1, VALIDATION_TEXTS.required)
    .max(200, VALIDATION_TEXTS.tooLong),
});
export const ZProgramVersion = z.object({
  id: z.number(),
  program: z.number(),
  change_reason: z.string(),
  created_at: z.string(),
});

export const ZHistoricalQuery = z.object({
  datetime: z.iso.datetime({
    offset: true,
    error: /*i18n*/ 'Give the instant as an ISO 8601 date and time.',
  }),
});

export const MEDIA_TYPES = {
  /** Program exercise media (docs/product/programs-and-exercises.md#media). */
  exerciseImage: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  exerciseVideo: ['video/mp4', 'video/webm', 'video/quicktime'],
  /** Feedback media. */
  feedbackImage: ['image/jpeg', 'image/png', 'image/gif'],
  feedbackVideo: ['video/mp4', 'video/x-msvideo', 'video/quicktime'],
} as const;
export const EXERCISE_IMAGE_ACCEPT = '.jpeg,.jpg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
export const EXERCISE_VIDEO_ACCEPT = '.mp4,.avi,.mov,.webm,video/mp4,video/quicktime,video/webm';
export const MEDIA_MAX_BYTES = LIMITS.mediaMaxBytes;
