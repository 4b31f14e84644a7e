import { addDays, addYears, format } from 'date-fns';
import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addYearsIso,
  formatLongDate,
  formatMediumDate,
  formatWeekdayDayMonth,
  monthNames,
  parseIsoDate,
  todayIso,
} from './calendar-date';
import { formatDayMonth, formatWeekdayShort } from './short-date';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('calendar dates of the first bundle', () => {
  it('write every day of four years, a leap year among them, exactly as date-fns does', () => {
    for (let day = new Date(2023, 0, 1); day.getFullYear() < 2027; day = addDays(day, 1)) {
      const iso = format(day, 'yyyy-MM-dd');
      expect(todayIso(day)).toBe(iso);
      expect(parseIsoDate(iso)).toEqual(day);
      expect(formatMediumDate(iso)).toBe(format(day, 'd MMM yyyy'));
      expect(formatWeekdayDayMonth(iso)).toBe(format(day, 'EEEE d MMMM'));
      expect(formatLongDate(iso)).toBe(format(day, 'EEEE, d MMMM yyyy'));
      expect(addYearsIso(iso, 1)).toBe(format(addYears(day, 1), 'yyyy-MM-dd'));
      expect(formatWeekdayShort(iso)).toBe(format(day, 'EEE d MMM'));
      expect(formatDayMonth(iso)).toBe(format(day, 'd MMM'));
    }
  });

  it('read only real yyyy-MM-dd dates', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2025-1-6', '06/01/2025', '2025-01-06T10:00', ''])
      expect(parseIsoDate(bad)).toBeNull();
    expect(() => formatLongDate('2025-02-30')).toThrow(RangeError);
    expect(() => formatMediumDate('not a date')).toThrow(RangeError);
  });
});

describe('calendar dates in another language', () => {
  it('read as Intl writes them there, on the same calendar day', () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(formatLongDate('2025-01-06')).toBe('lunes, 6 de enero de 2025');
    expect(formatWeekdayDayMonth('2025-09-01')).toBe('lunes, 1 de septiembre');
    expect(formatMediumDate('2025-09-01')).toMatch(/^1 sept?\.? 2025$/);
    expect(monthNames()[0]).toBe('enero');
    i18n.loadAndActivate({ locale: 'zh-Hans', messages: {} });
    expect(formatLongDate('2025-01-06')).toBe('2025年1月6日星期一');
    expect(formatDayMonth('2025-12-31')).toBe('12月31日');
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(monthNames()).toHaveLength(12);
    expect(monthNames()[8]).toBe('September');
  });
});
