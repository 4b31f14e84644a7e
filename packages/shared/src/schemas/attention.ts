import { z } from 'zod';

/**
 * docs/product/feedback-and-progress.md#needs-attention: why a client needs a therapist's attention, most serious
 * first (the order ranks the list). "Today" is the client's today in their notification time zone (UTC when unset),
 * as for day statuses; "the last 7 days" are today and the 6 days before it. Each reason's `since` (yyyy-MM-dd) is
 * the day it began:
 * - pain: a report of 7 or more, or 2 more than that exercise's previous report with a pain value (within the 28
 *   days before today), in the last 7 days. since = the first such report's day; detail = the latest (program,
 *   exercise, date, value = pain, previous = the exercise's previous pain or null).
 * - high_effort: an effort of 8 or more in the last 7 days. since = the first such report's day; detail = the
 *   latest (program, exercise, date, value = effort).
 * - missed_streak: the latest 2 or more prescribed days before today of a published, current program (today
 *   within its dates, with exercises) were all missed (nothing reported), counted over at most the last 28 days.
 *   since = the streak's first day; detail = program, date = its last missed day, days = its length (the longest
 *   streak when several programs have one).
 * - inactive: a published program with exercises, active today and started 7 or more days ago, and no report in
 *   the last 7 days.
 *   since = the day after the last report, or the program's start when that is later; detail = program (the
 *   earliest started), date = the last report's day or null, days = days without a report, today included.
 * - program_ending: a published program ends within 3 days (today <= end <= today + 3). since = 3 days before
 *   the end (the program's start when later); detail = program, date = its last day, days = days left (0 = today).
 * - not_activated: the account was created 3 or more days ago and has never signed in. since = the day it was
 *   created (invited); detail: days = days since then.
 * - safety: an outcome measure answered in the last 28 days flagged a risk of self-harm (PHQ-9 item 9 above 0;
 *   docs/product/outcome-measures.md#safety). since = the first such result's day; detail = the latest (date,
 *   value = its score, instrument).
 * - measure_due: an assigned measure is 3 or more days overdue (its next due day, as packages/shared
 *   measures/schedule.ts counts it). since = that due day; detail = the most overdue (date = due day, days =
 *   days overdue, instrument).
 * - measure_worse: a measure's latest result, in the last 28 days, is worse than the result before it by at least
 *   the instrument's smallest change that matters (MCID). since = the latest result's day; detail = date, value =
 *   the latest score, previous = the one before, instrument.
 * A reviewed reason stays hidden until a newer event: for pain, high_effort, safety and measure_worse a qualifying
 * report or result saved after the review; for the others a `since` later than the review's day.
 */
export const ATTENTION_CODES = [
  'safety',
  'pain',
  'high_effort',
  'missed_streak',
  'inactive',
  'program_ending',
  'not_activated',
  'measure_due',
  'measure_worse',
] as const;
export const ZAttentionCode = z.enum(ATTENTION_CODES, { error: /*i18n*/ 'Choose a reason from the list.' });
export type TAttentionCode = z.infer<typeof ZAttentionCode>;

/**
 * What the reason is about, so the page can say it in words and link to the day or exercise. Fields that do not
 * apply to a code are null: `value` is the pain or effort reported, `previous` the exercise's report before it,
 * `days` the length of a missed streak, the days without a report, the days left of an ending program or the days
 * since an unanswered invitation (see the codes above).
 */
export const ZAttentionDetail = z.object({
  program_id: z.number().nullable(),
  program_name: z.string().nullable(),
  exercise_id: z.number().nullable(),
  exercise_name: z.string().nullable(),
  date: z.string().nullable(),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  days: z.number().nullable(),
  /** The outcome measure a measure reason is about (its instrument code), else null. */
  instrument: z.string().nullable(),
});
export type TAttentionDetail = z.infer<typeof ZAttentionDetail>;

/** `since` is the day (yyyy-MM-dd, the client's today) the reason began. */
export const ZAttentionReason = z.object({
  code: ZAttentionCode,
  since: z.string(),
  detail: ZAttentionDetail,
});
export type TAttentionReason = z.infer<typeof ZAttentionReason>;

export const ZAttentionItem = z.object({
  client_id: z.number(),
  name: z.string(),
  reasons: z.array(ZAttentionReason).min(1),
});
export type TAttentionItem = z.infer<typeof ZAttentionItem>;

/**
 * The list holds at most this many clients, the most urgent: a triage list, not a census (staff see every clinic,
 * and a list of thousands would help nobody and cost seconds).
 */
export const ATTENTION_LIST_MAX = 100;

/** GET /attention/: worst first, at most ATTENTION_LIST_MAX clients. */
export const ZAttentionList = z.array(ZAttentionItem);
export type TAttentionList = z.infer<typeof ZAttentionList>;

const ZAttentionCodes = z
  .array(ZAttentionCode)
  .min(1, /*i18n*/ 'Choose at least one reason.')
  .max(ATTENTION_CODES.length, /*i18n*/ 'Choose each reason once.');

/** POST /attention/{client_id}/reviewed/: hides these reasons until a newer event. */
export const ZReviewAttention = z.object({ codes: ZAttentionCodes });
export type TReviewAttention = z.infer<typeof ZReviewAttention>;

/**
 * DELETE /attention/{client_id}/reviewed/?codes=pain,high_effort (the Undo of a review): those reasons are no longer
 * marked reviewed. The codes come comma-separated or as repeated parameters.
 */
export const ZUnreviewAttentionQuery = z.object({
  codes: z.preprocess((value) => (typeof value === 'string' ? value.split(',') : value), ZAttentionCodes),
});
export type TUnreviewAttentionQuery = z.infer<typeof ZUnreviewAttentionQuery>;

export const ZReviewAttentionResponse = z.object({ message: z.string() });
