import { z } from 'zod';
import { LANGUAGES } from '../languages';

// The shape of instruments.json (docs/product/outcome-measures.md#instruments): checked when the file is loaded, so
// an edit that breaks it fails every test that scores a response, naming the field at fault.

/** A text in English and in each language whose published wording the file carries. */
export const ZLocalizedText = z
  .partialRecord(z.enum(LANGUAGES), z.string().min(1))
  .refine((text) => typeof text.en === 'string', 'needs its English wording');

const ZOption = z.strictObject({ value: z.number().int(), label: ZLocalizedText });

/** An answer scale: whole choices with their words (options), or a number between min and max in steps of step. */
const ZScale = z.strictObject({
  min: z.number(),
  max: z.number(),
  step: z.number().positive(),
  unit: z.enum(['seconds', 'count']).optional(),
  options: z.array(ZOption).min(2).optional(),
  /** Words for the ends (and any other point) of a numeric scale. */
  anchors: z.record(z.string(), ZLocalizedText).optional(),
});

const ZItem = z.strictObject({
  id: z.string().regex(/^[a-z0-9_]+$/),
  text: ZLocalizedText,
  scale: z.string(),
  subscale: z.string().optional(),
});

const ZBand = z.strictObject({
  code: z.string().regex(/^[a-z_]+$/),
  min: z.number(),
  max: z.number(),
  label: ZLocalizedText,
});

export const ZInstrument = z
  .strictObject({
    code: z.string().regex(/^[a-z0-9_]+$/),
    name: ZLocalizedText,
    /** What a list or a chart calls it: PHQ-9, 10-metre walk. */
    short_name: ZLocalizedText,
    version: z.string(),
    licence: z.string(),
    kind: z.enum(['self_report', 'performance']),
    /** The languages whose published wording this file carries (never machine-translated). */
    languages: z.array(z.enum(LANGUAGES)).min(1),
    instructions: ZLocalizedText,
    scales: z.record(z.string(), ZScale),
    items: z.array(ZItem),
    /** PSFS: the client names min to max activities, each answered on `scale`. */
    activities: z
      .strictObject({
        min: z.number().int().positive(),
        max: z.number().int().positive(),
        scale: z.string(),
        max_length: z.number().int().positive(),
        /** Asked of each activity the client named. */
        prompt: ZLocalizedText,
      })
      .optional(),
    scoring: z.strictObject({
      method: z.enum(['sum', 'mean', 'speed']),
      /** speed: metres over the timed part of the walk; the score is distance_m / seconds. */
      distance_m: z.number().positive().optional(),
      subscales: z.array(z.strictObject({ code: z.string(), name: ZLocalizedText })).optional(),
    }),
    range: z.strictObject({ min: z.number(), max: z.number() }),
    unit: z.enum(['points', 'm/s', 'stands', 'seconds']),
    decimals: z.number().int().min(0).max(3),
    higher_is_better: z.boolean(),
    mcid: z.strictObject({ value: z.number().positive(), source: z.string().min(1) }).nullable(),
    mcid_note: z.string().optional(),
    bands: z.array(ZBand),
    /** An answer above `above` on `item` means the client may be at risk (docs/product/outcome-measures.md#safety). */
    safety: z.strictObject({ item: z.string(), above: z.number() }).optional(),
  })
  .superRefine((instrument, ctx) => {
    const scaleOf = (name: string, path: (string | number)[]) => {
      if (!(name in instrument.scales)) ctx.addIssue({ code: 'custom', path, message: `no scale "${name}"` });
    };
    instrument.items.forEach((item, index) => {
      scaleOf(item.scale, ['items', index, 'scale']);
      if (item.subscale && !instrument.scoring.subscales?.some((s) => s.code === item.subscale))
        ctx.addIssue({ code: 'custom', path: ['items', index, 'subscale'], message: 'no such subscale' });
    });
    if (instrument.activities) scaleOf(instrument.activities.scale, ['activities', 'scale']);
    if (instrument.items.length === 0 && !instrument.activities)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'an instrument needs items or activities' });
    if (instrument.scoring.method === 'speed' && !instrument.scoring.distance_m)
      ctx.addIssue({ code: 'custom', path: ['scoring', 'distance_m'], message: 'speed needs distance_m' });
    if (instrument.safety && !instrument.items.some((item) => item.id === instrument.safety?.item))
      ctx.addIssue({ code: 'custom', path: ['safety', 'item'], message: 'no such item' });
    instrument.bands.forEach((band, index) => {
      if (band.min > band.max)
        ctx.addIssue({ code: 'custom', path: ['bands', index], message: 'min above max' });
    });
    // Every text the client or therapist reads carries every language the instrument claims.
    const texts: [(string | number)[], Partial<Record<string, string>>][] = [
      [['name'], instrument.name],
      [['short_name'], instrument.short_name],
      ...(instrument.activities
        ? [[['activities', 'prompt'], instrument.activities.prompt] as [(string | number)[], object]]
        : []),
      [['instructions'], instrument.instructions],
      ...instrument.items.map(
        (item, index) => [['items', index, 'text'], item.text] as [(string | number)[], object],
      ),
      ...instrument.bands.map(
        (band, index) => [['bands', index, 'label'], band.label] as [(string | number)[], object],
      ),
      ...Object.entries(instrument.scales).flatMap(([name, scale]) => [
        ...(scale.options ?? []).map(
          (option, index) =>
            [['scales', name, 'options', index, 'label'], option.label] as [(string | number)[], object],
        ),
        ...Object.entries(scale.anchors ?? {}).map(
          ([point, text]) => [['scales', name, 'anchors', point], text] as [(string | number)[], object],
        ),
      ]),
    ] as [(string | number)[], Partial<Record<string, string>>][];
    for (const [path, text] of texts)
      for (const language of instrument.languages)
        if (!text[language]) ctx.addIssue({ code: 'custom', path, message: `no ${language} wording` });
  });
export type TInstrument = z.infer<typeof ZInstrument>;

export const ZInstrumentsFile = z.strictObject({
  version: z.number().int().positive(),
  instruments: z.array(ZInstrument),
});
