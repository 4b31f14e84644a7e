import { addDays, addYears, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  addYearsIso,
  formatLongDate,
  formatMediumDate,
  formatWeekdayDayMonth,
  parseIsoDate,
  todayIso,
} from './calendar-date';

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
    }
  });

  it('read only real yyyy-MM-dd dates', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2025-1-6', '06/01/2025', '2025-01-06T10:00', ''])
      expect(parseIsoDate(bad)).toBeNull();
    expect(() => formatLongDate('2025-02-30')).toThrow(RangeError);
    expect(() => formatMediumDate('not a date')).toThrow(RangeError);
  });
});
