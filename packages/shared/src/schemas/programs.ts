import { z } from 'zod';
import { WEEKDAYS } from '../domain/constants';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { ZId, ZIsoDate } from './common';
import { checkOptionalRange } from './status';

export const ZWeekday = z.enum(WEEKDAYS);

/** An exercise as the API returns it; media as short-lived signed URLs (design section 3). */
export const ZExercise = z.object({
  id: z.number(),
  program: z.number(),
  position: z.number(),
  name: z.string(),
  instructions: z.string(),
  /** The prescribing therapist's discipline. */
  discipline: z.string().nullable(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  source_exercise: z.number().nullable(),
});
export type TExercise = z.infer<typeof ZExercise>;

/** A program with its exercises: GET /programs/, /programs/{id}/ and /historical/ (spec section 3). */
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

/** A multipart boolean: "true"/"false" (or a JSON boolean). */
const ZFormBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * One exercise in a save: an existing one (`id`) is updated, a new one created, and any existing exercise not
 * listed is deleted. Files come as multipart parts `exercise_{n}_image` / `exercise_{n}_video`, n being the
 * index in this list. Without a new file, `keep_image`/`keep_video` keep the exercise's current media, or, when
 * `source_exercise_id` is set (replicate), copy the source exercise's media.
 */
export const ZExerciseInput = z.object({
  id: ZId.optional(),
  name: z.string().max(200, MESSAGES.tooLong).default(''),
  instructions: z.string().max(5000, MESSAGES.tooLong).default(''),
  keep_image: z.boolean().default(false),
  keep_video: z.boolean().default(false),
  source_exercise_id: ZId.nullable().optional(),
});
export type TExerciseInput = z.input<typeof ZExerciseInput>;

/**
 * The fields of POST /programs/ and PUT /programs/{id}/ (multipart). The web app also sends `exercises` (a JSON
 * list of ZExerciseInput) and the files in the same request, so the program, its exercises and media are saved
 * in one transaction. `days_of_week` is one repeated field per day, or a JSON array string.
 */
export const ZProgramFields = z.object({
  client_id: ZId,
  name: z.string().trim().max(200, MESSAGES.tooLong).default(''),
  start_date: ZOptionalDate,
  end_date: ZOptionalDate,
  is_draft: ZFormBoolean.default(true),
  days_of_week: z.array(ZWeekday).default([]),
  /** Required on PUT: the version the form loaded. */
  version: z.coerce.number().int().positive().optional(),
});
export type TProgramFields = z.output<typeof ZProgramFields>;

export const ZSaveProgramResponse = z.object({ id: z.number(), message: z.string(), program: ZProgram });
export type TSaveProgramResponse = z.infer<typeof ZSaveProgramResponse>;

/** POST /program-versions/create_version/ */
export const ZCreateVersion = z.object({
  program: ZId,
  change_reason: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(200, MESSAGES.tooLong),
});
export const ZProgramVersion = z.object({
  id: z.number(),
  program: z.number(),
  change_reason: z.string(),
  created_at: z.string(),
});

export const ZHistoricalQuery = z.object({
  datetime: z.iso.datetime({ offset: true, error: 'Give the instant as an ISO 8601 date and time.' }),
});

export const MEDIA_TYPES = {
  /** Program exercise media (spec section 5). */
  exerciseImage: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  exerciseVideo: ['video/mp4', 'video/webm', 'video/quicktime'],
  /** Feedback media. */
  feedbackImage: ['image/jpeg', 'image/png', 'image/gif'],
  feedbackVideo: ['video/mp4', 'video/x-msvideo', 'video/quicktime'],
} as const;
export const EXERCISE_IMAGE_ACCEPT = '.jpeg,.jpg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
export const EXERCISE_VIDEO_ACCEPT = '.mp4,.avi,.mov,.webm,video/mp4,video/quicktime,video/webm';
export const MEDIA_MAX_BYTES = LIMITS.mediaMaxBytes;
