import { i18n } from '@lingui/core';
import { findInstrument } from '@hep/shared/measures/instruments';
import type { TLanguage } from '@hep/shared/languages';

/**
 * An outcome measure's short name (PHQ-9, 10-metre walk) in the page's language where the instrument carries its
 * published wording, else in English (docs/product/outcome-measures.md#languages); the code itself when unknown.
 */
export function instrumentShortName(code: string | null): string {
  if (!code) return '';
  const instrument = findInstrument(code);
  if (!instrument) return code;
  const language = i18n.locale as TLanguage;
  return (
    (instrument.languages.includes(language) ? instrument.short_name[language] : null) ??
    instrument.short_name.en ??
    code
  );
}
