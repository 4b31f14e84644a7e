import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { effortWords, painWords, reportWords } from './effort-words';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('effort and pain in words', () => {
  it('says the effort with its level, and 0 as not rated', () => {
    expect(effortWords(5)).toBe('Effort 5/10 · Somewhat difficult');
    expect(effortWords(1)).toBe('Effort 1/10 · Nothing');
    expect(effortWords(0)).toBe('Effort not rated');
  });

  it('adds the pain only when one was given', () => {
    expect(painWords(6)).toBe('Pain 6 of 10');
    expect(reportWords({ effort: 7, pain: 0 })).toBe('Effort 7/10 · Hard · Pain 0 of 10');
    expect(reportWords({ effort: 7, pain: null })).toBe('Effort 7/10 · Hard');
  });
});
