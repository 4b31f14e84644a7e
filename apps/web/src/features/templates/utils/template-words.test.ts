import { describe, expect, it } from 'vitest';
import { daysInWords, exerciseCountInWords, weeksInWords } from './template-words';

describe('template words', () => {
  it('says the days Monday first, or every day, or none', () => {
    expect(daysInWords(['FRI', 'MON', 'WED'])).toBe('Mon, Wed, Fri');
    expect(daysInWords(['FRI', 'MON'], true)).toBe('Monday, Friday');
    expect(daysInWords(['SUN', 'SAT', 'FRI', 'THU', 'WED', 'TUE', 'MON'])).toBe('Every day');
    expect(daysInWords([])).toBe('No days set');
  });

  it('says weeks and exercise counts in the singular for one', () => {
    expect(weeksInWords(null)).toBe('No end date');
    expect(weeksInWords(1)).toBe('1 week');
    expect(weeksInWords(6)).toBe('6 weeks');
    expect(exerciseCountInWords(1)).toBe('1 exercise');
    expect(exerciseCountInWords(0)).toBe('0 exercises');
  });
});
