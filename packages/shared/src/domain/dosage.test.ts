import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dosageInWords as inWords, durationInWords as duration, type Dosage } from './dosage';

// English from the texts themselves (their ids): Lingui compiles a message it has no translation for outside
// production builds.
const english = setupI18n({ locale: 'en', messages: { en: {} } });
const t = (text: string, values?: Record<string, unknown>) => english._(text, values);
const dosageInWords = (dose: Dosage) => inWords(dose, t);
const durationInWords = (seconds: number) => duration(seconds, t);

describe('dosageInWords', () => {
  it('says the documented example', () => {
    expect(dosageInWords({ sets: 3, reps: 10, hold_seconds: 5, side: 'left', times_per_day: 2 })).toBe(
      '3 sets of 10 · hold 5 seconds · left side · twice a day',
    );
  });

  it('says each part on its own, in the singular where it is one', () => {
    expect(dosageInWords({ sets: 1 })).toBe('1 set');
    expect(dosageInWords({ reps: 12 })).toBe('12 times');
    expect(dosageInWords({ reps: 1 })).toBe('1 time');
    expect(dosageInWords({ hold_seconds: 1 })).toBe('hold 1 second');
    expect(dosageInWords({ rest_seconds: 30 })).toBe('rest 30 seconds between sets');
    expect(dosageInWords({ side: 'both' })).toBe('both sides');
    expect(dosageInWords({ side: 'right' })).toBe('right side');
    expect(dosageInWords({ times_per_day: 1 })).toBe('once a day');
    expect(dosageInWords({ times_per_day: 3 })).toBe('3 times a day');
  });

  it('says nothing for no dosage, and ignores a rest of 0', () => {
    expect(dosageInWords({})).toBe('');
    expect(dosageInWords({ sets: null, reps: null, rest_seconds: 0, side: null })).toBe('');
  });
});

describe('durationInWords', () => {
  it('keeps seconds under two minutes and says minutes above', () => {
    expect(durationInWords(45)).toBe('45 seconds');
    expect(durationInWords(60)).toBe('1 minute');
    expect(durationInWords(90)).toBe('90 seconds');
    expect(durationInWords(120)).toBe('2 minutes');
    expect(durationInWords(150)).toBe('2 minutes 30 seconds');
    expect(durationInWords(600)).toBe('10 minutes');
  });
});
