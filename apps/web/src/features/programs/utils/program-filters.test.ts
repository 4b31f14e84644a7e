import { describe, expect, it } from 'vitest';
import {
  distinctDisciplines,
  filterPrograms,
  hasFilters,
  NO_FILTERS,
  programsByTab,
} from './program-filters';
import { todayIso } from '../../../lib/calendar-date';

function program(
  id: number,
  name: string,
  start_date: string | null,
  end_date: string | null,
  therapist_discipline: string | null = 'Physiotherapist',
) {
  return { id, name, start_date, end_date, therapist_discipline };
}

describe('programsByTab', () => {
  const today = '2025-06-15';
  it('puts current programs in Active, ended and future ones in Past, undated ones in neither', () => {
    const programs = [
      program(1, 'Open-ended', '2025-06-01', null),
      program(2, 'Ends today', '2025-05-01', '2025-06-15'),
      program(3, 'Starts today', '2025-06-15', '2025-07-01'),
      program(4, 'Ended yesterday', '2025-05-01', '2025-06-14'),
      program(5, 'Starts tomorrow', '2025-06-16', null),
      program(6, 'Draft without dates', null, null),
    ];
    const tabs = programsByTab(programs, today);
    expect(tabs.active.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(tabs.past.map((p) => p.id)).toEqual([4, 5]);
  });
});

describe('todayIso', () => {
  it('gives the local calendar date as yyyy-MM-dd', () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('past filters', () => {
  const programs = [
    program(1, 'Balance and Gait', '2025-03-04', '2025-04-01', 'Physiotherapist'),
    program(2, 'Hand strength', '2024-03-20', '2024-05-01', 'Occupational Therapist'),
    program(3, 'Walking', '2025-01-10', '2025-02-01', 'Physiotherapist'),
    program(4, 'Swallowing', '2025-03-01', '2025-03-30', null),
  ];

  it('lists each discipline once, sorted, without blanks', () => {
    expect(distinctDisciplines(programs)).toEqual(['Occupational Therapist', 'Physiotherapist']);
  });

  it('filters by discipline, by start month (any year) and by keyword, all together', () => {
    const ids = (filters: Partial<typeof NO_FILTERS>) =>
      filterPrograms(programs, { ...NO_FILTERS, ...filters }).map((p) => p.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ discipline: 'Physiotherapist' })).toEqual([1, 3]);
    expect(ids({ month: '3' })).toEqual([1, 2, 4]);
    expect(ids({ keyword: '  GAIT ' })).toEqual([1]);
    expect(ids({ keyword: 'ing' })).toEqual([3, 4]);
    expect(ids({ month: '3', discipline: 'Physiotherapist' })).toEqual([1]);
    expect(ids({ month: '12' })).toEqual([]);
  });

  it('knows when any filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, keyword: '   ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, month: '1' })).toBe(true);
  });
});
