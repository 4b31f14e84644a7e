import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adherencePercent } from '../../../lib/adherence-words';
import { adherenceSummary, adherenceWeekCells, weeksFromStart } from './adherence-summary';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('adherence in words', () => {
  it('says a rate as a whole percent done, and nothing for no rate', () => {
    expect(adherencePercent(0.8)).toBe('80% done');
    expect(adherencePercent(2 / 3)).toBe('67% done');
    expect(adherencePercent(0)).toBe('0% done');
    expect(adherencePercent(null)).toBeNull();
    expect(adherencePercent(undefined)).toBeNull();
  });

  it('sums up the last 7 and 28 days', () => {
    expect(adherenceSummary({ last_7: 0.8, last_28: 0.75 })).toBe(
      'Last 7 days: 80% done. Last 4 weeks: 75% done.',
    );
    expect(adherenceSummary({ last_7: null, last_28: 0.5 })).toBe(
      'Nothing was due in the last 7 days. Last 4 weeks: 50% done.',
    );
    expect(adherenceSummary({ last_7: null, last_28: null })).toBe('No exercises were due yet.');
  });

  it('gives a week its table row', () => {
    expect(adherenceWeekCells({ start: '2026-11-23', prescribed: 5, done: 4, rate: 0.8 })).toEqual([
      'Mon 23 Nov',
      '4 of 5',
      '80%',
    ]);
    expect(adherenceWeekCells({ start: '2026-11-16', prescribed: 0, done: 0, rate: null })).toEqual([
      'Mon 16 Nov',
      'Nothing due',
      '--',
    ]);
  });
});

describe('the weeks a chart shows', () => {
  const week = (start: string, prescribed: number) => ({
    start,
    prescribed,
    done: 0,
    rate: prescribed ? 0 : null,
  });

  it('starts at the first week with something due, keeping later empty weeks', () => {
    const weeks = [
      week('2026-11-02', 0),
      week('2026-11-09', 3),
      week('2026-11-16', 0),
      week('2026-11-23', 5),
    ];
    expect(weeksFromStart(weeks).map((w) => w.start)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
  });

  it('keeps the latest week when nothing was ever due', () => {
    expect(weeksFromStart([week('2026-11-16', 0), week('2026-11-23', 0)]).map((w) => w.start)).toEqual([
      '2026-11-23',
    ]);
  });
});
