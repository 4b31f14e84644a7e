import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { resultsText } from './library-item';

const en = setupI18n({ locale: 'en', messages: { en: {} } });

describe('results text', () => {
  it('says how many were found, in plain words', () => {
    expect(en._(resultsText(25, 40, false))).toBe('Showing 25 of 40 exercises.');
    expect(en._(resultsText(40, 40, false))).toBe('40 exercises.');
    expect(en._(resultsText(1, 1, true))).toBe('1 exercise.');
    expect(en._(resultsText(0, 0, true))).toBe('No exercises match. Try other words or fewer tags.');
    expect(en._(resultsText(0, 0, false))).toBe('The library is empty.');
  });
});
