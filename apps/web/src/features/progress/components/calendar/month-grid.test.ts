import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDayName, formatMonth, monthOf, monthWeeks, shiftMonth, weekdayHeadings } from './month-grid';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('month grid', () => {
  it('lays a month out in Monday-first weeks, padding with empty cells', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[1]![0]).toBe('2026-11-02');
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('fits a February that starts on a Monday in four weeks', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2027-02-01');
    expect(weeks[3]![6]).toBe('2027-02-28');
  });

  it('knows leap years', () => {
    expect(monthWeeks('2028-02').flat().filter(Boolean).at(-1)).toBe('2028-02-29');
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-11', 1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
    expect(monthOf('2026-11-21')).toBe('2026-11');
  });

  it('names months and days in words', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatDayName('2026-11-21')).toBe('Saturday, 21 November 2026');
  });

  it("names them in the page's language", () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    try {
      expect(formatMonth('2026-11')).toBe('noviembre de 2026');
      expect(formatDayName('2026-11-21')).toBe('sábado, 21 de noviembre de 2026');
      expect(weekdayHeadings()[0]).toEqual({ long: 'lunes', short: 'lun' });
    } finally {
      i18n.activate('en');
    }
  });
});
