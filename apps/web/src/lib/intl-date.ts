import { i18n } from '@lingui/core';

// Dates and numbers in the active language, through Intl. The time zone is the browser's, as before: a calendar
// date (yyyy-MM-dd) is local midnight and is written in the same zone, so it never moves a day.

/** The Intl locale of the page's language (the pseudo-locale formats as English); English before any is active. */
export const formatLocale = (): string => i18n.locale || 'en';

/**
 * The locale Intl should use for the page's language when no English form of our own applies: the app's English is
 * Australian ("21/11/2026", "a, b and c", an Australian voice), so `en` reads `en-AU`.
 */
export const intlLocale = (locale: string = formatLocale()): string => (locale === 'en' ? 'en-AU' : locale);

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export type TDateParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

/**
 * A date in the active language. Other languages read Intl's own form of the fields `options` asks for; English,
 * the source, keeps the forms the product pages name ("Monday, 6 January 2025", "06/01/2025", "Tue 24 Nov": the
 * journeys check those words), written by `english` from Intl's English names (no ICU writes all of them so: en-AU
 * drops the comma, en-GB writes "Sept").
 */
export function formatDateIn(
  date: Date,
  options: Intl.DateTimeFormatOptions,
  english: (parts: TDateParts) => string,
): string {
  const locale = formatLocale();
  const format = dateFormat(locale, options);
  if (locale !== 'en') return format.format(date);
  const parts: TDateParts = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return english(parts);
}

/** A whole number or fraction in the active language ("1,234", "12.4"). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(formatLocale(), options).format(value);
}
