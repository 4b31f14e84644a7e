import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import {
  canMoveWeek,
  filterMaxDate,
  formatDayHeading,
  formatWeekDate,
  movedWeekDate,
  rangeMessage,
  readFilterDate,
  resolveWeekDate,
  weekOf,
} from './week-dates';
import { buildWeek, cardAction } from './week-schedule';

const TODAY = '2026-01-14'; // a Wednesday

function program(overrides: Partial<TProgram>): TProgram {
  return {
    id: 1,
    name: 'Walking',
    client: { id: 5, user: { id: 9 }, first_name: 'Chris', last_name: 'Walker' },
    client_name: 'Chris Walker',
    therapist: 2,
    therapist_name: 'Tara Nguyen',
    therapist_discipline: 'Physiotherapist',
    start_date: '2026-01-01',
    end_date: '2026-02-01',
    days_of_week: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
    is_draft: false,
    version: 1,
    last_completed: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    exercises: [],
    ...overrides,
  };
}

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('the week shown', () => {
  it('runs Monday to Sunday around the chosen date', () => {
    expect(weekOf(TODAY)).toEqual({ start: '2026-01-12', end: '2026-01-18' });
    expect(weekOf('2026-01-12')).toEqual({ start: '2026-01-12', end: '2026-01-18' });
    expect(weekOf('2026-01-18')).toEqual({ start: '2026-01-12', end: '2026-01-18' });
    expect(weekOf('2020-01-01')).toEqual({ start: '2019-12-30', end: '2020-01-05' });
  });

  it('writes the week and the days in en-AU', () => {
    expect(formatWeekDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDayHeading('2026-01-12')).toBe('Monday 12 January');
    expect(rangeMessage(TODAY)).toBe('Choose a date from 1 Jan 2020 to 14 Jan 2027.');
  });

  it('reads the address date, keeping it within 2020-01-01 and a year after today', () => {
    expect(filterMaxDate(TODAY)).toBe('2027-01-14');
    expect(filterMaxDate('2024-02-29')).toBe('2025-02-28');
    expect(resolveWeekDate(null, TODAY)).toBe(TODAY);
    expect(resolveWeekDate('2025-02-30', TODAY)).toBe(TODAY);
    expect(resolveWeekDate('12/01/2026', TODAY)).toBe(TODAY);
    expect(resolveWeekDate('2025-06-03', TODAY)).toBe('2025-06-03');
    expect(resolveWeekDate('2019-05-01', TODAY)).toBe('2020-01-01');
    expect(resolveWeekDate('2030-05-01', TODAY)).toBe('2027-01-14');
  });

  it('refuses typed dates outside the range and waits for an incomplete one', () => {
    expect(readFilterDate('', TODAY)).toEqual({ kind: 'incomplete' });
    expect(readFilterDate('2026-03-02', TODAY)).toEqual({ kind: 'ok', date: '2026-03-02' });
    expect(readFilterDate('2020-01-01', TODAY)).toEqual({ kind: 'ok', date: '2020-01-01' });
    expect(readFilterDate('2027-01-14', TODAY)).toEqual({ kind: 'ok', date: '2027-01-14' });
    expect(readFilterDate('2019-12-31', TODAY)).toEqual({ kind: 'refused' });
    expect(readFilterDate('2027-01-15', TODAY)).toEqual({ kind: 'refused' });
    expect(readFilterDate('202026-01-01', TODAY)).toEqual({ kind: 'refused' });
  });

  it('moves a week at a time, not past either end of the range', () => {
    const week = weekOf(TODAY);
    expect(movedWeekDate(week, -1, TODAY)).toBe('2026-01-05');
    expect(movedWeekDate(week, 1, TODAY)).toBe('2026-01-19');
    expect(canMoveWeek(week, -1, TODAY)).toBe(true);
    expect(canMoveWeek(weekOf('2020-01-01'), -1, TODAY)).toBe(false);
    expect(movedWeekDate(weekOf('2020-01-08'), -1, TODAY)).toBe('2020-01-01');
    expect(canMoveWeek(weekOf('2027-01-14'), 1, TODAY)).toBe(false);
    expect(canMoveWeek(weekOf('2027-01-07'), 1, TODAY)).toBe(true);
  });
});

describe('the programs of each day', () => {
  const week = weekOf(TODAY);

  it('lists published programs on their prescribed weekdays within their dates, with the day status', () => {
    const walking = program({ id: 1, name: 'Walking', start_date: '2026-01-13', end_date: '2026-01-16' });
    const balance = program({ id: 2, name: 'balance', days_of_week: ['MON', 'THU'] });
    const draft = program({ id: 3, name: 'Draft plan', is_draft: true });
    const openEnded = program({ id: 4, name: 'Stretch', start_date: '2025-06-01', end_date: null });
    const noStart = program({ id: 5, name: 'Unscheduled', start_date: null });
    const days = buildWeek(week, [walking, balance, draft, openEnded, noStart], {
      '1': { '2026-01-13': 'completed', '2026-01-14': 'pending' },
      '2': { '2026-01-12': 'missed' },
    });
    expect(days.map((d) => d.date)).toEqual([
      '2026-01-12',
      '2026-01-13',
      '2026-01-14',
      '2026-01-15',
      '2026-01-16',
      '2026-01-17',
      '2026-01-18',
    ]);
    const names = days.map((d) => d.entries.map((e) => e.program.name));
    expect(names).toEqual([
      ['balance', 'Stretch'],
      ['Stretch', 'Walking'],
      ['Stretch', 'Walking'],
      ['balance', 'Stretch', 'Walking'],
      ['Stretch', 'Walking'],
      ['Stretch'],
      ['Stretch'],
    ]);
    expect(days[0]!.entries[0]!.status).toBe('missed');
    expect(days[1]!.entries[1]!.status).toBe('completed');
    expect(days[2]!.entries[1]!.status).toBe('pending');
    expect(days[1]!.entries[0]!.status).toBeNull();
  });

  it('gives clients a button for days to do up to today, and never the care team', () => {
    expect(cardAction('client', 'pending', TODAY, TODAY)).toBe('do-it');
    expect(cardAction('client', 'missed', '2026-01-12', TODAY)).toBe('do-it');
    expect(cardAction('client', 'in-progress', TODAY, TODAY)).toBe('continue');
    expect(cardAction('client', 'completed', TODAY, TODAY)).toBe('none');
    expect(cardAction('client', 'pending', '2026-01-15', TODAY)).toBe('none');
    expect(cardAction('client', null, TODAY, TODAY)).toBe('none');
    expect(cardAction('therapist', 'pending', TODAY, TODAY)).toBe('none');
    expect(cardAction('staff', 'missed', '2026-01-12', TODAY)).toBe('none');
  });
});
