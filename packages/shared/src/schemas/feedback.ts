import { z } from 'zod';
import { FEEDBACK_TEXTS } from '../texts/feedback';
import { VALIDATION_TEXTS } from '../texts/validation';
import { EFFORT_MAX } from '../domain/effort';
import { PAIN_MAX } from '../domain/pain';
import { optionalField, requiredField, ZId, ZIsoDate } from './common';

export const FEEDBACK_FEELING_MAX = 2000;

/**
 * The fields of POST /feedback/ (multipart, or JSON without a file; the optional file part is `media`). A missing
 * or blank value says "required" rather than the type's message, and a blank effort is not taken as 0.
 */
export const ZFeedbackFields = z.object({
  exercise: requiredField(ZId),
  date_completed: requiredField(ZIsoDate),
  effort_rating: requiredField(
    z.coerce
      .number({ error: FEEDBACK_TEXTS.effortInvalid })
      .int(FEEDBACK_TEXTS.effortInvalid)
      .min(0, FEEDBACK_TEXTS.effortInvalid)
      .max(EFFORT_MAX, FEEDBACK_TEXTS.effortInvalid),
    FEEDBACK_TEXTS.effortRequired,
  ),
  feeling: z.string().trim().max(FEEDBACK_FEELING_MAX, VALIDATION_TEXTS.tooLong).default(''),
  /**
   * Optional: left out or blank means no pain was reported, stored as null, not 0
   * (docs/product/feedback-and-progress.md#pain).
   */
  pain: optionalField(
    z.coerce
      .number({ error: FEEDBACK_TEXTS.painInvalid })
      .int(FEEDBACK_TEXTS.painInvalid)
      .min(0, FEEDBACK_TEXTS.painInvalid)
      .max(PAIN_MAX, FEEDBACK_TEXTS.painInvalid),
  ),
});
export type TFeedbackFields = z.output<typeof ZFeedbackFields>;

/**
 * PUT /feedback/{id}/: new effort, pain and feeling (a left-out pain clears it). `exercise` and `date_completed` may be sent but must match the
 * entry; a missing `media` keeps the current one.
 */
export const ZUpdateFeedbackFields = ZFeedbackFields.extend({
  exercise: optionalField(ZId),
  date_completed: optionalField(ZIsoDate),
});

/**
 * One feedback entry as the API returns it; media as a short-lived signed URL
 * (docs/product/api-conventions.md#media-urls).
 */
/** Who entered an entry for the client: a carer (docs/product/carers.md#levels). */
export const ZFeedbackEnteredBy = z.object({ id: z.number(), name: z.string(), role: z.string() });

export const ZFeedback = z.object({
  id: z.number(),
  exercise: z.number(),
  exercise_name: z.string(),
  program: z.number(),
  client: z.number(),
  date_completed: z.string(),
  effort_rating: z.number(),
  pain: z.number().nullable(),
  feeling: z.string(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The carer who entered it for the client; null when the client did. */
  entered_by: ZFeedbackEnteredBy.nullable().optional(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZSaveFeedbackResponse = z.object({ message: z.string(), feedback: ZFeedback });
export type TSaveFeedbackResponse = z.infer<typeof ZSaveFeedbackResponse>;

/** GET /feedback/?exercise=&date_completed= (newest first by date_completed, then by submission time). */
export const ZFeedbackListQuery = z.object({ exercise: ZId, date_completed: ZIsoDate.optional() });

/** GET /feedback/completed/?program=&date= answers the exercises done that day. */
export const ZCompletedQuery = z.object({ program: ZId, date: ZIsoDate });
export const ZCompletedResponse = z.object({ exercise_ids: z.array(z.number()) });
export type TCompletedResponse = z.infer<typeof ZCompletedResponse>;

/** GET /program-feedback/?program=&date_completed= answers every entry of that program's day. */
export const ZProgramFeedbackQuery = z.object({ program: ZId, date_completed: ZIsoDate });

/**
 * GET /feedback/previous/?program=&date= (the client's All done: docs/product/session.md#all-done): each current
 * exercise's latest entry
 * before that date, so that today's report can be compared with the one before in one call.
 */
export const ZPreviousFeedbackQuery = z.object({ program: ZId, date: ZIsoDate });
export const ZPreviousReport = z.object({
  exercise: z.number(),
  date_completed: z.string(),
  effort_rating: z.number(),
  pain: z.number().nullable(),
});
export type TPreviousReport = z.infer<typeof ZPreviousReport>;
export const ZPreviousFeedbackResponse = z.array(ZPreviousReport);
