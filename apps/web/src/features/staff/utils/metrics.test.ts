import { describe, expect, it, beforeAll } from 'vitest';
import { i18n } from '@lingui/core';
import { formatAverageEffort, sortByPrograms } from './metrics';

// The English source, with no catalog loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('formatAverageEffort', () => {
  it('shows one decimal', () => {
    expect(formatAverageEffort(6)).toBe('6.0');
    expect(formatAverageEffort(4.26)).toBe('4.3');
    expect(formatAverageEffort(0)).toBe('0.0');
  });

  it('shows N/A without an average', () => {
    expect(formatAverageEffort(null)).toBe('N/A');
    expect(formatAverageEffort(undefined)).toBe('N/A');
    expect(formatAverageEffort(Number.NaN)).toBe('N/A');
  });
});

describe('sortByPrograms', () => {
  it('puts the most programs first, ties by email, without changing the input', () => {
    const rows = [
      { user__email: 'b@x.test', program_count: 2, client_count: 1 },
      { user__email: 'c@x.test', program_count: 5, client_count: 3 },
      { user__email: 'a@x.test', program_count: 2, client_count: 2 },
    ];
    expect(sortByPrograms(rows).map((row) => row.user__email)).toEqual(['c@x.test', 'a@x.test', 'b@x.test']);
    expect(rows[0]!.user__email).toBe('b@x.test');
  });
});
