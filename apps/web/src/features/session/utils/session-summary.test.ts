import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TPreviousReport } from '@hep/shared/schemas/feedback';
import {
  countWeek,
  pickTrend,
  trendForListening,
  trendInWords,
  trendLead,
  weekInWords,
} from './session-summary';

const EXERCISES = [
  { id: 1, name: 'Sit to stand' },
  { id: 2, name: 'Heel raises' },
  { id: 3, name: 'Side steps' },
];
const report = (exercise: number, effort: number, pain: number | null = null): TPreviousReport => ({
  exercise,
  date_completed: '2026-11-20',
  effort_rating: effort,
  pain,
});
const today = (entries: [number, number, (number | null)?][]) =>
  new Map(entries.map(([id, effort, pain]) => [id, { effort, pain: pain ?? null }]));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('countWeek', () => {
  const week = {
    '2026-11-16': 'completed',
    '2026-11-17': 'not-prescribed',
    '2026-11-18': 'missed',
    '2026-11-19': 'completed',
    '2026-11-20': 'in-progress',
    '2026-11-21': 'pending',
    '2026-11-22': 'not-prescribed',
  } as const;

  it('counts the days with every exercise done over the prescribed days of the week', () => {
    expect(countWeek(week, '2026-11-19', true)).toEqual({ done: 2, prescribed: 5 });
  });

  it("takes the session's day as the screen knows it, sent or kept on the phone", () => {
    expect(countWeek(week, '2026-11-20', true)).toEqual({ done: 3, prescribed: 5 });
    expect(countWeek(week, '2026-11-19', false)).toEqual({ done: 1, prescribed: 5 });
  });

  it('says nothing for a week with no prescribed day', () => {
    expect(countWeek({ '2026-11-16': 'not-prescribed' }, '2026-11-16', true)).toBeNull();
    expect(countWeek({}, '2026-11-16', true)).toBeNull();
  });

  it('words it as "n of m days this week"', () => {
    expect(weekInWords({ done: 4, prescribed: 5 })).toBe('4 of 5 days this week');
    expect(weekInWords({ done: 1, prescribed: 1 })).toBe('1 of 1 day this week');
    expect(weekInWords({ done: 0, prescribed: 3 }, '5 Jan 2026')).toBe(
      '0 of 3 days in the week of 5 Jan 2026',
    );
  });
});

describe('pickTrend', () => {
  it('says an exercise felt easier when its effort went down', () => {
    const trend = pickTrend(EXERCISES, today([[1, 4]]), [report(1, 7)]);
    expect(trend).toEqual({ exerciseName: 'Sit to stand', measure: 'effort', from: 7, to: 4 });
    expect(trendInWords(trend!)).toBe('Sit to stand felt easier: effort 7 → 4');
    expect(trendForListening(trend!)).toBe('Sit to stand felt easier: effort went from 7 to 4');
  });

  it('says felt harder when the effort went up, and hurt less or more for pain', () => {
    expect(trendInWords(pickTrend(EXERCISES, today([[2, 8]]), [report(2, 5)])!)).toBe(
      'Heel raises felt harder: effort 5 → 8',
    );
    expect(trendInWords(pickTrend(EXERCISES, today([[2, 5, 2]]), [report(2, 5, 6)])!)).toBe(
      'Heel raises hurt less: pain 6 → 2',
    );
    expect(trendLead({ exerciseName: 'Side steps', measure: 'pain', from: 1, to: 3 })).toBe(
      'Side steps hurt more',
    );
  });

  it('picks the largest change, effort or pain, the first in the program on a tie', () => {
    const results = today([
      [1, 6, 3],
      [2, 2, 1],
      [3, 9, 6],
    ]);
    const previous = [report(1, 5, 3), report(2, 6, 1), report(3, 5, 2)];
    expect(pickTrend(EXERCISES, results, previous)).toEqual({
      exerciseName: 'Heel raises',
      measure: 'effort',
      from: 6,
      to: 2,
    });
    expect(pickTrend(EXERCISES, today([[1, 6, 7]]), [report(1, 5, 2)])).toMatchObject({ measure: 'pain' });
    expect(pickTrend(EXERCISES, today([[1, 4, 1]]), [report(1, 7, 4)])).toMatchObject({ measure: 'effort' });
  });

  it('says nothing without a previous report, without a change, or for an unrated effort or unanswered pain', () => {
    expect(pickTrend(EXERCISES, today([[1, 4]]), [])).toBeNull();
    expect(pickTrend(EXERCISES, today([[1, 4]]), [report(2, 7)])).toBeNull();
    expect(pickTrend(EXERCISES, today([[1, 4, 2]]), [report(1, 4, 2)])).toBeNull();
    expect(pickTrend(EXERCISES, today([[1, 0]]), [report(1, 7)])).toBeNull();
    expect(pickTrend(EXERCISES, today([[1, 6]]), [report(1, 0)])).toBeNull();
    expect(pickTrend(EXERCISES, today([[1, 5, null]]), [report(1, 5, 6)])).toBeNull();
    expect(pickTrend(EXERCISES, today([[1, 5, 3]]), [report(1, 5, null)])).toBeNull();
  });
});
