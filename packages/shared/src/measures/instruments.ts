import type { TLanguage } from '../languages';
import { type TInstrument, ZInstrumentsFile } from './instrument-schema';
import file from './instruments.json' with { type: 'json' };

// The outcome measures we ship (docs/product/outcome-measures.md#instruments): free, validated instruments kept as
// data. A change to an instrument's wording or scoring gives it a new version; results keep the version they were
// scored with.

function load(): { version: number; instruments: readonly TInstrument[] } {
  const parsed = ZInstrumentsFile.safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`instruments.json: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

const loaded = load();
export const INSTRUMENTS_VERSION = loaded.version;
export const INSTRUMENTS: readonly TInstrument[] = loaded.instruments;
export const INSTRUMENT_CODES = INSTRUMENTS.map((instrument) => instrument.code);

export function findInstrument(code: string): TInstrument | undefined {
  return INSTRUMENTS.find((instrument) => instrument.code === code);
}

/** The language an instrument is given in: the reader's own when its published wording is carried, else English. */
export function instrumentLanguage(instrument: TInstrument, language: TLanguage): TLanguage {
  return instrument.languages.includes(language) ? language : 'en';
}

/** A text of the instrument in `language` (one instrumentLanguage chose), English where the file has no wording. */
export function instrumentText(text: Partial<Record<TLanguage, string>>, language: TLanguage): string {
  return text[language] ?? text.en ?? '';
}
