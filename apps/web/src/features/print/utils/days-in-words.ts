import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import { intlLocale } from '../../../lib/intl-date';

/**
 * The prescribed days spelled out, Monday first, in the page's language: "Monday, Wednesday and Friday", "Every day".
 * The day names and the list come from Intl (1 January 2024 was a Monday).
 */
export function daysInWords(days: readonly TWeekday[], i18n: I18n): string {
  const sorted = sortWeekdays(days);
  if (sorted.length === WEEKDAYS.length) return i18n._(msg`Every day`);
  if (sorted.length === 0) return i18n._(msg`No days set`);
  const dayName = new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' });
  const names = sorted.map((day) => dayName.format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))));
  return new Intl.ListFormat(intlLocale(i18n.locale), { type: 'conjunction' }).format(names);
}
