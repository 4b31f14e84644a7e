import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { daysInWords, exerciseCountInWords, weeksInWords } from './template-words';

// The English source, with no catalog loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('template words', () => {
  it('says the days Monday first, or every day, or none', () => {
    expect(daysInWords(['FRI', 'MON', 'WED'])).toBe('Mon, Wed, Fri');
    expect(daysInWords(['FRI', 'MON'], true)).toBe('Monday, Friday');
    expect(daysInWords(['SUN', 'SAT', 'FRI', 'THU', 'WED', 'TUE', 'MON'])).toBe('Every day');
    expect(daysInWords([])).toBe('No days set');
  });

  it("names the days in the page's language", () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    try {
      expect(daysInWords(['MON'], true)).toBe('lunes');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });

  it('says weeks and exercise counts in the singular for one', () => {
    expect(weeksInWords(null)).toBe('No end date');
    expect(weeksInWords(1)).toBe('1 week');
    expect(weeksInWords(6)).toBe('6 weeks');
    expect(exerciseCountInWords(1)).toBe('1 exercise');
    expect(exerciseCountInWords(0)).toBe('0 exercises');
  });
});
