import type { TLanguage } from '@hep/shared/languages';
import type { TInstrument } from '@hep/shared/measures/instrument-schema';
import { instrumentLanguage, instrumentText } from '@hep/shared/measures/instruments';
import type { TInstrumentView } from '@hep/shared/schemas/measures';

/**
 * An instrument as the API gives it: every text in one language, the reader's own where the instrument carries its
 * published wording, else English (docs/product/outcome-measures.md#languages). Never a mix of the two.
 */
export function instrumentView(instrument: TInstrument, reader: TLanguage): TInstrumentView {
  const language = instrumentLanguage(instrument, reader);
  const text = (value: Partial<Record<TLanguage, string>>) => instrumentText(value, language);
  return {
    code: instrument.code,
    version: instrument.version,
    language,
    name: text(instrument.name),
    short_name: text(instrument.short_name),
    licence: instrument.licence,
    kind: instrument.kind,
    instructions: text(instrument.instructions),
    items: instrument.items.map((item) => ({
      id: item.id,
      text: text(item.text),
      scale: item.scale,
      subscale: item.subscale ?? null,
    })),
    scales: Object.fromEntries(
      Object.entries(instrument.scales).map(([name, scale]) => [
        name,
        {
          min: scale.min,
          max: scale.max,
          step: scale.step,
          unit: scale.unit ?? null,
          options:
            scale.options?.map((option) => ({ value: option.value, label: text(option.label) })) ?? null,
          anchors: scale.anchors
            ? Object.fromEntries(Object.entries(scale.anchors).map(([point, words]) => [point, text(words)]))
            : null,
        },
      ]),
    ),
    activities: instrument.activities
      ? { ...instrument.activities, prompt: text(instrument.activities.prompt) }
      : null,
    subscales: instrument.scoring.subscales?.map((s) => ({ code: s.code, name: text(s.name) })) ?? null,
    range: instrument.range,
    unit: instrument.unit,
    decimals: instrument.decimals,
    higher_is_better: instrument.higher_is_better,
    mcid: instrument.mcid,
    bands: instrument.bands.map((band) => ({
      code: band.code,
      min: band.min,
      max: band.max,
      label: text(band.label),
    })),
  };
}
