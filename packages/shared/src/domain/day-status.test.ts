import { describe, expect, it } from 'vitest';
import {
  addDays,
  canBeDone,
  dateInZone,
  datesBetween,
  dayStatus,
  isPrescribedOn,
  monthRange,
  weekStart,
} from './day-status';

// 2026-03-02 is a Monday.
const schedule = { startDate: '2026-03-02', endDate: '2026-03-29', daysOfWeek: ['MON', 'WED'] as const };
const day = { prescribed: true, exerciseCount: 3, date: '2026-03-04', today: '2026-03-04' };

describe('isPrescribedOn', () => {
  it('prescribes the chosen weekdays from the start date to the end date, both included', () => {
    expect(isPrescribedOn(schedule, '2026-03-02')).toBe(true);
    expect(isPrescribedOn(schedule, '2026-03-04')).toBe(true);
    expect(isPrescribedOn(schedule, '2026-03-03')).toBe(false);
    expect(isPrescribedOn(schedule, '2026-03-23')).toBe(true);
    expect(isPrescribedOn(schedule, '2026-03-25')).toBe(true);
  });

  it('prescribes nothing before the start or after the end', () => {
    expect(isPrescribedOn(schedule, '2026-02-23')).toBe(false);
    expect(isPrescribedOn(schedule, '2026-03-30')).toBe(false);
    expect(isPrescribedOn(schedule, '2026-04-01')).toBe(false);
  });

  it('runs on without an end date, and prescribes nothing without a start date or without days', () => {
    const openEnded = { ...schedule, endDate: null };
    expect(isPrescribedOn(openEnded, '2031-01-06')).toBe(true);
    expect(isPrescribedOn({ ...schedule, startDate: null }, '2026-03-04')).toBe(false);
    expect(isPrescribedOn({ ...schedule, daysOfWeek: [] }, '2026-03-04')).toBe(false);
  });

  it('handles a one-day program and Sunday, the last day of the week', () => {
    const sunday = { startDate: '2026-03-08', endDate: '2026-03-08', daysOfWeek: ['SUN'] as const };
    expect(isPrescribedOn(sunday, '2026-03-08')).toBe(true);
    expect(isPrescribedOn(sunday, '2026-03-01')).toBe(false);
    expect(isPrescribedOn(sunday, '2026-03-15')).toBe(false);
  });
});

describe('dayStatus', () => {
  it('is not-prescribed on a day the program does not prescribe, whatever feedback there is', () => {
    expect(dayStatus({ ...day, prescribed: false, done: 0 })).toBe('not-prescribed');
    expect(dayStatus({ ...day, prescribed: false, done: 3 })).toBe('not-prescribed');
  });

  it('is completed when every exercise has feedback, on any day', () => {
    expect(dayStatus({ ...day, done: 3 })).toBe('completed');
    expect(dayStatus({ ...day, done: 3, date: '2026-03-02' })).toBe('completed');
    expect(dayStatus({ ...day, done: 3, date: '2026-03-09' })).toBe('completed');
  });

  it('is in-progress when some but not all have feedback, in the past as well as today', () => {
    expect(dayStatus({ ...day, done: 1 })).toBe('in-progress');
    expect(dayStatus({ ...day, done: 2, date: '2026-03-02' })).toBe('in-progress');
  });

  it('is missed before today and pending from today on when nothing has feedback', () => {
    expect(dayStatus({ ...day, done: 0, date: '2026-03-03' })).toBe('missed');
    expect(dayStatus({ ...day, done: 0, date: '2026-03-04' })).toBe('pending');
    expect(dayStatus({ ...day, done: 0, date: '2026-03-05' })).toBe('pending');
  });

  it('compares dates across a month and a year boundary', () => {
    const today = '2026-01-01';
    expect(dayStatus({ ...day, done: 0, date: '2025-12-31', today })).toBe('missed');
    expect(dayStatus({ ...day, done: 0, date: '2026-01-01', today })).toBe('pending');
  });

  it('treats a program without exercises as asking nothing: not-prescribed, never missed', () => {
    const empty = { ...day, exerciseCount: 0, done: 0 };
    expect(dayStatus({ ...empty, date: '2026-03-02' })).toBe('not-prescribed');
    expect(dayStatus(empty)).toBe('not-prescribed');
  });

  it('lets a client do pending and missed days only', () => {
    expect(canBeDone('pending')).toBe(true);
    expect(canBeDone('missed')).toBe(true);
    expect(canBeDone('completed')).toBe(false);
    expect(canBeDone('in-progress')).toBe(false);
    expect(canBeDone('not-prescribed')).toBe(false);
  });
});

describe('monthRange', () => {
  it('knows 28, 29, 30 and 31-day months', () => {
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthRange('2000-02')).toEqual({ start: '2000-02-01', end: '2000-02-29' });
    expect(monthRange('2100-02')).toEqual({ start: '2100-02-01', end: '2100-02-28' });
    expect(monthRange('2026-04')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(monthRange('2026-01')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
  });
});

describe('datesBetween and addDays', () => {
  it('lists every date, both ends included, across month and year ends', () => {
    expect(datesBetween('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(datesBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesBetween('2026-02-01', '2026-02-28')).toHaveLength(28);
    expect(datesBetween('2026-03-05', '2026-03-05')).toEqual(['2026-03-05']);
    expect(datesBetween('2026-03-05', '2026-03-04')).toEqual([]);
  });

  it('adds and subtracts days without drifting over daylight saving changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-04-05', 1)).toBe('2026-04-06');
    expect(addDays('2026-10-04', 1)).toBe('2026-10-05');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });
});

describe('weekStart', () => {
  it('gives the Monday of the week, Monday itself on a Monday and the Monday before on a Sunday', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-03-04')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
  });

  it('crosses month and year boundaries', () => {
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });
});

describe('dateInZone', () => {
  it('gives the UTC date without a zone', () => {
    const instant = new Date('2026-03-04T23:30:00Z');
    expect(dateInZone(instant, null)).toBe('2026-03-04');
    expect(dateInZone(instant, undefined)).toBe('2026-03-04');
    expect(dateInZone(instant, '')).toBe('2026-03-04');
    expect(dateInZone(instant, 'UTC')).toBe('2026-03-04');
  });

  it('is already tomorrow in Auckland and still yesterday in Los Angeles at the same instant', () => {
    // 11:30 UTC on 4 March: 00:30 on 5 March in Auckland (UTC+13 in summer), 03:30 on 4 March in Los Angeles.
    const instant = new Date('2026-03-04T11:30:00Z');
    expect(dateInZone(instant, 'Pacific/Auckland')).toBe('2026-03-05');
    expect(dateInZone(instant, 'America/Los_Angeles')).toBe('2026-03-04');
    const early = new Date('2026-03-04T05:00:00Z');
    expect(dateInZone(early, 'America/Los_Angeles')).toBe('2026-03-03');
  });

  it('follows daylight saving: Sydney is UTC+11 in January and UTC+10 in July', () => {
    expect(dateInZone(new Date('2026-01-15T12:59:00Z'), 'Australia/Sydney')).toBe('2026-01-15');
    expect(dateInZone(new Date('2026-01-15T13:00:00Z'), 'Australia/Sydney')).toBe('2026-01-16');
    expect(dateInZone(new Date('2026-07-15T13:59:00Z'), 'Australia/Sydney')).toBe('2026-07-15');
    expect(dateInZone(new Date('2026-07-15T14:00:00Z'), 'Australia/Sydney')).toBe('2026-07-16');
  });

  it('changes date at the exact millisecond of local midnight, asked again and again (the kept minute)', () => {
    // Kathmandu is UTC+05:45: its midnight is 18:15 UTC.
    for (let i = 0; i < 3; i++) {
      expect(dateInZone(new Date('2026-03-04T18:14:00.000Z'), 'Asia/Kathmandu')).toBe('2026-03-04');
      expect(dateInZone(new Date('2026-03-04T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-03-04');
      expect(dateInZone(new Date('2026-03-04T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-03-05');
      expect(dateInZone(new Date('2026-03-04T18:15:00.000Z'), 'UTC')).toBe('2026-03-04');
      expect(dateInZone(new Date('2026-03-04T18:14:30.000Z'), 'Asia/Kathmandu')).toBe('2026-03-04');
    }
  });

  it('crosses a year end in a zone ahead of UTC', () => {
    expect(dateInZone(new Date('2026-12-31T12:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    const instant = new Date('2026-03-04T23:30:00Z');
    expect(dateInZone(instant, 'Mars/Olympus_Mons')).toBe('2026-03-04');
    expect(dateInZone(instant, 'Mars/Olympus_Mons')).toBe('2026-03-04');
  });
});
