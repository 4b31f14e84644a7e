import { describe, expect, it } from 'vitest';
import { endDateAfterWeeks, weeksOfProgram } from '../domain/program-weeks';
import { ZSaveTemplate } from './templates';

describe('weeksOfProgram', () => {
  it('counts both dates and rounds part weeks up, from 1 to 52', () => {
    expect(weeksOfProgram('2025-03-03', '2025-03-30')).toBe(4);
    expect(weeksOfProgram('2025-03-03', '2025-03-31')).toBe(5);
    expect(weeksOfProgram('2025-03-03', '2025-03-03')).toBe(1);
    expect(weeksOfProgram('2025-03-10', '2025-03-03')).toBe(1);
    expect(weeksOfProgram('2025-01-01', '2030-01-01')).toBe(52);
    // Across the change to daylight time: dates, not clock hours.
    expect(weeksOfProgram('2025-03-24', '2025-04-06')).toBe(2);
  });

  it('has no weeks without both dates', () => {
    expect(weeksOfProgram('2025-03-03', null)).toBeNull();
    expect(weeksOfProgram(null, '2025-03-03')).toBeNull();
  });

  it('is the inverse of endDateAfterWeeks', () => {
    for (const weeks of [1, 4, 12, 52]) {
      expect(weeksOfProgram('2025-03-03', endDateAfterWeeks('2025-03-03', weeks))).toBe(weeks);
    }
    expect(endDateAfterWeeks('2025-03-03', 4)).toBe('2025-03-30');
  });
});

describe('ZSaveTemplate', () => {
  it('trims names, orders days Monday first without repeats, and reads blank dosage and weeks as not given', () => {
    const parsed = ZSaveTemplate.parse({
      name: '  Balance  ',
      days_of_week: ['SUN', 'MON', 'SUN'],
      weeks: '',
      exercises: [{ name: ' Step ups ', sets: '', reps: '12' }],
    });
    expect(parsed).toEqual({
      name: 'Balance',
      days_of_week: ['MON', 'SUN'],
      weeks: null,
      exercises: [{ name: 'Step ups', instructions: '', sets: null, reps: 12 }],
    });
  });
});
