import { z } from 'zod';

export const ADHERENCE_WEEKS_DEFAULT = 8;
export const ADHERENCE_WEEKS_MAX = 52;
const INVALID_WEEKS = `Enter a whole number of weeks from 1 to ${ADHERENCE_WEEKS_MAX}.`;

/** GET /programs/{id}/adherence/?weeks= (docs/product/feedback-and-progress.md#adherence). */
export const ZAdherenceQuery = z.object({
  weeks: z.coerce
    .number({ error: INVALID_WEEKS })
    .int(INVALID_WEEKS)
    .min(1, INVALID_WEEKS)
    .max(ADHERENCE_WEEKS_MAX, INVALID_WEEKS)
    .default(ADHERENCE_WEEKS_DEFAULT),
});

/**
 * A rate is done / prescribed as a fraction from 0 to 1, or null when nothing was prescribed in the window.
 * `prescribed` counts exercises x prescribed days up to yesterday, plus today once something is done today.
 */
export const ZAdherenceRate = z.number().min(0).max(1).nullable();

/** One Monday-to-Sunday week, oldest first; `start` is its Monday (yyyy-MM-dd). */
export const ZAdherenceWeek = z.object({
  start: z.string(),
  prescribed: z.number(),
  done: z.number(),
  rate: ZAdherenceRate,
});
export type TAdherenceWeek = z.infer<typeof ZAdherenceWeek>;

export const ZAdherence = z.object({
  weeks: z.array(ZAdherenceWeek),
  last_7: ZAdherenceRate,
  last_28: ZAdherenceRate,
});
export type TAdherence = z.infer<typeof ZAdherence>;

/**
 * One week of GET /users/clients/{id}/progress/ (docs/product/feedback-and-progress.md#client-progress): adherence
 * over all the client's published programs together, and the effort and pain of every report the client gave that
 * week: the average of the rated efforts and of the pains given (one decimal), and the highest pain; null when none.
 */
export const ZClientProgressWeek = ZAdherenceWeek.extend({
  effort_avg: z.number().nullable(),
  pain_avg: z.number().nullable(),
  pain_max: z.number().nullable(),
});
export type TClientProgressWeek = z.infer<typeof ZClientProgressWeek>;

export const ZClientProgress = ZAdherence.extend({ weeks: z.array(ZClientProgressWeek) });
export type TClientProgress = z.infer<typeof ZClientProgress>;
