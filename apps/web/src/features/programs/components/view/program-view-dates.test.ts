import { describe, expect, it } from 'vitest';
import { formatLongDate, todayIso } from '../../../../lib/calendar-date';
import { weekdayNames } from '../../utils/weekday-names';
import { resolveViewDate, scheduleDays } from './program-view-dates';

describe('program view dates', () => {
  it("takes the query's date when it is a real yyyy-MM-dd date, else today", () => {
    expect(resolveViewDate('2025-01-06', '2025-03-01')).toBe('2025-01-06');
    expect(resolveViewDate('2024-02-29', '2025-03-01')).toBe('2024-02-29');
    expect(resolveViewDate(null, '2025-03-01')).toBe('2025-03-01');
    expect(resolveViewDate('', '2025-03-01')).toBe('2025-03-01');
    expect(resolveViewDate('2025-02-30', '2025-03-01')).toBe('2025-03-01');
    expect(resolveViewDate('06/01/2025', '2025-03-01')).toBe('2025-03-01');
    expect(resolveViewDate('2025-1-6', '2025-03-01')).toBe('2025-03-01');
    expect(resolveViewDate('2025-01-06T10:00', '2025-03-01')).toBe('2025-03-01');
  });

  it("gives today's date in the browser's zone", () => {
    expect(todayIso(new Date(2025, 0, 6, 23, 59))).toBe('2025-01-06');
    expect(todayIso(new Date(2025, 11, 31, 0, 1))).toBe('2025-12-31');
  });

  it('shows the date in the en-AU long form', () => {
    expect(formatLongDate('2025-01-06')).toBe('Monday, 6 January 2025');
    expect(formatLongDate('2025-01-01')).toBe('Wednesday, 1 January 2025');
    expect(formatLongDate('2024-02-29')).toBe('Thursday, 29 February 2024');
  });

  it('lists the seven days Monday first with the prescribed ones marked', () => {
    const days = scheduleDays(['FRI', 'MON', 'WED']);
    expect(days.map((d) => d.badge.message)).toEqual(['M', 'Tu', 'W', 'Th', 'F', 'Sa', 'Su']);
    const names = weekdayNames('en');
    expect(days.map((d) => names[d.day])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(days.filter((d) => d.prescribed).map((d) => d.day)).toEqual(['MON', 'WED', 'FRI']);
    expect(scheduleDays([]).some((d) => d.prescribed)).toBe(false);
  });
});
