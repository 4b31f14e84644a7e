import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';

/**
 * Monday ... Sunday in the page's language, from Intl (docs/product/languages.md): 1 January 2024 was a Monday, so
 * the week is read off the seven days from it.
 */
export function weekdayNames(locale: string): Record<TWeekday, string> {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Object.fromEntries(
    WEEKDAYS.map((day, index) => [day, format.format(Date.UTC(2024, 0, 1 + index))]),
  ) as Record<TWeekday, string>;
}
