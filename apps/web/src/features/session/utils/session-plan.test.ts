import { describe, expect, it } from 'vitest';
import { mergeResults, nextStep } from './session-plan';

const ids = [11, 12, 13, 14, 15];

describe('nextStep', () => {
  it('starts at the first exercise not done yet', () => {
    expect(nextStep(ids, new Set(), new Set(), -1)).toEqual({ kind: 'exercise', index: 0 });
    expect(nextStep(ids, new Set([11, 12]), new Set(), -1)).toEqual({ kind: 'exercise', index: 2 });
  });

  it('goes forward past done and skipped ones, then back to an earlier one still open', () => {
    expect(nextStep(ids, new Set([11, 13]), new Set(), 1)).toEqual({ kind: 'exercise', index: 3 });
    expect(nextStep(ids, new Set([13]), new Set([14]), 2)).toEqual({ kind: 'exercise', index: 4 });
    expect(nextStep(ids, new Set([13, 14, 15]), new Set(), 4)).toEqual({ kind: 'exercise', index: 0 });
  });

  it('never offers the exercise it comes from, and ends when nothing is open', () => {
    expect(nextStep(ids, new Set([11, 12, 13, 14]), new Set([15]), 4)).toEqual({ kind: 'finished' });
    expect(nextStep(ids, new Set(ids), new Set(), -1)).toEqual({ kind: 'finished' });
    expect(nextStep([], new Set(), new Set(), -1)).toEqual({ kind: 'finished' });
  });
});

describe('mergeResults', () => {
  it("lays this session's results over the day's saved entries", () => {
    const merged = mergeResults(
      new Map([
        [11, { effort: 4, pain: 2 }],
        [12, { effort: 6, pain: null }],
      ]),
      new Map([[12, { effort: 8, pain: 5, queued: true }]]),
    );
    expect([...merged]).toEqual([
      [11, { effort: 4, pain: 2, queued: false }],
      [12, { effort: 8, pain: 5, queued: true }],
    ]);
  });
});
