import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { effortPainPoints, effortPainSummary, spanWords } from './effort-pain-series';

const entry = (date: string, effort: number, pain: number | null) => ({
  date_completed: date,
  effort_rating: effort,
  pain,
  created_at: `${date}T09:00:00Z`,
});

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('effort and pain over time', () => {
  it('puts the entries oldest first, with an unrated effort as a gap', () => {
    const points = effortPainPoints([
      entry('2026-11-24', 4, 8),
      entry('2026-11-03', 7, null),
      entry('2026-11-10', 0, 3),
    ]);
    expect(points).toEqual([
      { date: '2026-11-03', effort: 7, pain: null },
      { date: '2026-11-10', effort: null, pain: 3 },
      { date: '2026-11-24', effort: 4, pain: 8 },
    ]);
  });

  it('says each trend in words', () => {
    const points = effortPainPoints([entry('2026-11-03', 7, 2), entry('2026-11-24', 4, 6)]);
    expect(effortPainSummary(points)).toBe(
      'Effort went from 7 to 4 over 3 weeks. Pain went from 2 to 6 over 3 weeks.',
    );
  });

  it('says a single report, an unchanged one, and none', () => {
    expect(effortPainSummary(effortPainPoints([entry('2026-11-24', 5, null)]))).toBe(
      'Effort was 5 on 24 Nov 2026. No pain was reported.',
    );
    expect(effortPainSummary(effortPainPoints([entry('2026-11-20', 5, 3), entry('2026-11-24', 5, 3)]))).toBe(
      'Effort stayed at 5 over 4 days. Pain stayed at 3 over 4 days.',
    );
    expect(effortPainSummary([])).toBe('No effort was rated. No pain was reported.');
  });

  it('says spans in days, then weeks', () => {
    expect(spanWords('2026-11-24', '2026-11-24')).toBe('on the same day');
    expect(spanWords('2026-11-24', '2026-11-25')).toBe('over 1 day');
    expect(spanWords('2026-11-01', '2026-11-14')).toBe('over 13 days');
    expect(spanWords('2026-11-01', '2026-11-15')).toBe('over 2 weeks');
  });
});
