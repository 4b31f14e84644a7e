import { describe, expect, it } from 'vitest';
import { daysOverdue, nextDue } from './schedule';

const weekly = { firstDue: '2026-03-02', everyDays: 7, endsOn: null, stopped: false };

describe('nextDue', () => {
  it('is the first day until a result, then the first scheduled day after the latest result', () => {
    expect(nextDue(weekly, null)).toBe('2026-03-02');
    expect(nextDue(weekly, '2026-03-02')).toBe('2026-03-09');
    // Answered two days late: the next is still on the schedule, not a week after the answer.
    expect(nextDue(weekly, '2026-03-11')).toBe('2026-03-16');
    // Answered three weeks late: one response covers the missed ones.
    expect(nextDue(weekly, '2026-03-24')).toBe('2026-03-30');
    // A result before the first day (a test done early) leaves the first day due.
    expect(nextDue(weekly, '2026-02-27')).toBe('2026-03-02');
  });

  it('is null once a single measure is answered, past the end date, and when stopped', () => {
    const once = { ...weekly, everyDays: 0 };
    expect(nextDue(once, null)).toBe('2026-03-02');
    expect(nextDue(once, '2026-03-05')).toBeNull();
    const ending = { ...weekly, endsOn: '2026-03-12' };
    expect(nextDue(ending, '2026-03-02')).toBe('2026-03-09');
    expect(nextDue(ending, '2026-03-09')).toBeNull();
    expect(nextDue({ ...weekly, stopped: true }, null)).toBeNull();
  });

  it('counts across a month and a leap day', () => {
    expect(
      nextDue({ firstDue: '2028-02-01', everyDays: 28, endsOn: null, stopped: false }, '2028-02-01'),
    ).toBe('2028-02-29');
  });
});

describe('daysOverdue', () => {
  it('counts calendar days from the due day', () => {
    expect(daysOverdue('2026-03-02', '2026-03-05')).toBe(3);
    expect(daysOverdue('2026-03-02', '2026-03-02')).toBe(0);
    expect(daysOverdue('2026-03-31', '2026-03-29')).toBe(-2);
  });
});
