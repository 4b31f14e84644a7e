import { describe, expect, it } from 'vitest';
import { daysInWords } from './days-in-words';

describe('daysInWords (print)', () => {
  it('spells the days out Monday first, joined with "and"', () => {
    expect(daysInWords(['FRI', 'MON', 'WED'])).toBe('Monday, Wednesday and Friday');
    expect(daysInWords(['TUE'])).toBe('Tuesday');
    expect(daysInWords(['SUN', 'SAT'])).toBe('Saturday and Sunday');
  });

  it('says every day and no days in words', () => {
    expect(daysInWords(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'])).toBe('Every day');
    expect(daysInWords([])).toBe('No days set');
  });
});
