import { LANGUAGES, type TLanguage } from '@hep/shared/languages';

/** Each language's own name, as its speakers read it: the language switch lists these, never translated. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  'zh-Hans': '简体中文',
  vi: 'Tiếng Việt',
  ar: 'العربية',
};

/** Pseudo-localised texts (accented, 40% longer), loaded only by the browser journeys' sweep (e2e/i18n-pseudo). */
export const PSEUDO = 'pseudo';
export type TUiLanguage = TLanguage | typeof PSEUDO;

export const isLanguage = (value: unknown): value is TLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: TUiLanguage): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * The first of the browser's preferred languages that we have (`zh`, `zh-CN` and `zh-SG` read Simplified Chinese;
 * `es-MX` reads Spanish), else English.
 */
export function languageFromBrowser(preferred: readonly string[]): TLanguage {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-hans') || lower === 'zh-cn' || lower === 'zh-sg')
      return 'zh-Hans';
    if (lower.startsWith('zh')) continue;
    const base = lower.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}
