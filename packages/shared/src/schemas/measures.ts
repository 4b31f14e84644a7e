import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { INSTRUMENT_CODES } from '../measures/instruments';
import { ZText, ZIsoDate, requiredField } from './common';

// Outcome measures on the wire (docs/product/outcome-measures.md#calls).

export const MEASURE_SCHEDULE_MESSAGES = {
  unknownInstrument: /*i18n*/ 'Choose a measure from the list.',
  everyDays: /*i18n*/ 'Repeat every 0 to 365 days (0 = once).',
  endsBeforeFirst: /*i18n*/ 'The end date must be on or after the first date.',
  answers: /*i18n*/ 'Send the answers as an object of question ids and numbers.',
} as const;

/** Most days between two repeats of a measure: a year. */
export const MEASURE_EVERY_DAYS_MAX = 365;

export const ZInstrumentCode = z.enum(INSTRUMENT_CODES as [string, ...string[]], {
  error: MEASURE_SCHEDULE_MESSAGES.unknownInstrument,
});

const ZLocalText = z.string();

/** One instrument in one language (the caller's where the instrument carries it, else English: `language`). */
export const ZInstrumentView = z.object({
  code: z.string(),
  version: z.string(),
  language: z.enum(LANGUAGES),
  name: ZLocalText,
  short_name: ZLocalText,
  licence: z.string(),
  kind: z.enum(['self_report', 'performance']),
  instructions: ZLocalText,
  items: z.array(
    z.object({ id: z.string(), text: ZLocalText, scale: z.string(), subscale: z.string().nullable() }),
  ),
  scales: z.record(
    z.string(),
    z.object({
      min: z.number(),
      max: z.number(),
      step: z.number(),
      unit: z.string().nullable(),
      options: z.array(z.object({ value: z.number(), label: ZLocalText })).nullable(),
      anchors: z.record(z.string(), ZLocalText).nullable(),
    }),
  ),
  activities: z
    .object({
      min: z.number(),
      max: z.number(),
      scale: z.string(),
      max_length: z.number(),
      prompt: ZLocalText,
    })
    .nullable(),
  subscales: z.array(z.object({ code: z.string(), name: ZLocalText })).nullable(),
  range: z.object({ min: z.number(), max: z.number() }),
  unit: z.string(),
  decimals: z.number(),
  higher_is_better: z.boolean(),
  mcid: z.object({ value: z.number(), source: z.string() }).nullable(),
  bands: z.array(z.object({ code: z.string(), min: z.number(), max: z.number(), label: ZLocalText })),
});
export type TInstrumentView = z.infer<typeof ZInstrumentView>;

export const ZInstrumentList = z.array(ZInstrumentView);

/** POST /clients/{client_id}/measures/: first due on first_due, then every every_days days (0 = once) to ends_on. */
export const ZAssignMeasure = z
  .object({
    instrument: requiredField(ZInstrumentCode),
    first_due: requiredField(ZIsoDate),
    every_days: requiredField(
      z.coerce
        .number({ error: MEASURE_SCHEDULE_MESSAGES.everyDays })
        .int(MEASURE_SCHEDULE_MESSAGES.everyDays)
        .min(0, MEASURE_SCHEDULE_MESSAGES.everyDays)
        .max(MEASURE_EVERY_DAYS_MAX, MEASURE_SCHEDULE_MESSAGES.everyDays),
    ),
    ends_on: ZIsoDate.nullish(),
  })
  .refine((value) => !value.ends_on || value.ends_on >= value.first_due, {
    path: ['ends_on'],
    message: MEASURE_SCHEDULE_MESSAGES.endsBeforeFirst,
  });
export type TAssignMeasure = z.infer<typeof ZAssignMeasure>;

/** A result as the client's record keeps it. `entered_by` names who entered it (the client, a carer, a therapist). */
export const ZMeasureResult = z.object({
  id: z.number(),
  taken_at: z.string(),
  score: z.number(),
  subscores: z.record(z.string(), z.number()).nullable(),
  band: z.string().nullable(),
  safety: z.boolean(),
  entered_by: z.object({ id: z.number().nullable(), name: z.string(), role: z.string() }),
});
export type TMeasureResult = z.infer<typeof ZMeasureResult>;

export const ZMeasureAssignment = z.object({
  id: z.number(),
  instrument: z.string(),
  first_due: z.string(),
  every_days: z.number(),
  ends_on: z.string().nullable(),
  /** The next day it is due (yyyy-MM-dd): the first scheduled day after its latest result; null when none is left. */
  next_due: z.string().nullable(),
  stopped_at: z.string().nullable(),
  created_at: z.string(),
  /** Oldest first. */
  results: z.array(ZMeasureResult),
});
export type TMeasureAssignment = z.infer<typeof ZMeasureAssignment>;

/** GET /clients/{client_id}/measures/: the live assignments first, then the stopped, each newest first. */
export const ZMeasureAssignmentList = z.array(ZMeasureAssignment);

/** GET /measures/due/: the self-report measures due today or overdue, with their instrument to answer. */
export const ZDueMeasure = z.object({
  assignment_id: z.number(),
  client_id: z.number(),
  due: z.string(),
  instrument: ZInstrumentView,
});
export const ZDueMeasureList = z.array(ZDueMeasure);
export type TDueMeasure = z.infer<typeof ZDueMeasure>;

/** POST /measures/assignments/{id}/responses/: answers by question id (scoring.ts checks them against the items). */
export const ZMeasureResponse = z.object({
  answers: z.record(z.string(), z.unknown(), { error: MEASURE_SCHEDULE_MESSAGES.answers }),
  activities: z.array(ZText).optional(),
});
export type TMeasureResponse = z.infer<typeof ZMeasureResponse>;

/** What a saved response answers; `safety` true means the client must see the clinic's crisis text now. */
export const ZMeasureResponseResult = z.object({
  id: z.number(),
  score: z.number(),
  subscores: z.record(z.string(), z.number()).nullable(),
  band: z.string().nullable(),
  safety: z.boolean(),
  crisis_text: z.string().nullable(),
});
export type TMeasureResponseResult = z.infer<typeof ZMeasureResponseResult>;

/** GET /clients/{client_id}/measures/{instrument}/scores/: every result of that instrument, oldest first. */
export const ZMeasureScore = z.object({
  taken_at: z.string(),
  score: z.number(),
  subscores: z.record(z.string(), z.number()).nullable(),
  band: z.string().nullable(),
  entered_by: z.object({ id: z.number().nullable(), name: z.string(), role: z.string() }),
});
export const ZMeasureScoreList = z.array(ZMeasureScore);
export type TMeasureScore = z.infer<typeof ZMeasureScore>;
