import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFeedbackDate, formatSubmittedAt } from './feedback-format';
import { entryCount, summarizeFeedback } from './feedback-summary';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('feedback summary', () => {
  it('gives the first and latest dates and the average effort to one decimal', () => {
    const summary = summarizeFeedback([
      { date_completed: '2026-11-20', effort_rating: 7 },
      { date_completed: '2026-11-02', effort_rating: 4 },
      { date_completed: '2026-11-13', effort_rating: 8 },
    ]);
    expect(summary).toEqual({
      count: 3,
      firstDate: '2026-11-02',
      latestDate: '2026-11-20',
      averageEffort: '6.3',
    });
  });

  it('leaves "not rated" (0) out of the average but counts the entry', () => {
    const summary = summarizeFeedback([
      { date_completed: '2026-11-01', effort_rating: 0 },
      { date_completed: '2026-11-02', effort_rating: 5 },
      { date_completed: '2026-11-03', effort_rating: 6 },
    ]);
    expect(summary.count).toBe(3);
    expect(summary.averageEffort).toBe('5.5');
    expect(summary.firstDate).toBe('2026-11-01');
    expect(summarizeFeedback([{ date_completed: '2026-11-01', effort_rating: 0 }]).averageEffort).toBeNull();
  });

  it('has nothing to summarise without entries', () => {
    expect(summarizeFeedback([])).toEqual({
      count: 0,
      firstDate: null,
      latestDate: null,
      averageEffort: null,
    });
  });

  it('rounds averages to one decimal', () => {
    const efforts = [10, 10, 9].map((effort_rating) => ({ date_completed: '2026-11-01', effort_rating }));
    expect(summarizeFeedback(efforts).averageEffort).toBe('9.7');
    expect(summarizeFeedback([{ date_completed: '2026-11-01', effort_rating: 3 }]).averageEffort).toBe('3.0');
  });

  it('counts entries in words', () => {
    expect(entryCount(0)).toBe('0 entries');
    expect(entryCount(1)).toBe('1 entry');
    expect(entryCount(12)).toBe('12 entries');
  });
});

describe('feedback dates', () => {
  afterEach(() => i18n.activate('en'));

  it('shows the day completed in Australian English, on its own calendar day', () => {
    expect(formatFeedbackDate('2026-11-21')).toBe('21/11/2026');
    expect(formatFeedbackDate('2027-01-05')).toBe('05/01/2027');
    expect(formatFeedbackDate('not a date')).toBe('not a date');
  });

  it("shows the submission time in Australian English in the browser's zone", () => {
    const instant = new Date(2026, 10, 21, 21, 5).toISOString();
    expect(formatSubmittedAt(instant)).toMatch(/^21 Nov 2026, 9:05\s?pm$/i);
  });

  it("shows the dates in the page's language", () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(formatFeedbackDate('2026-11-21')).toBe('21/11/2026');
    const instant = new Date(2026, 10, 21, 21, 5).toISOString();
    expect(formatSubmittedAt(instant)).toContain('nov 2026');
    i18n.loadAndActivate({ locale: 'zh-Hans', messages: {} });
    expect(formatFeedbackDate('2026-11-21')).toBe('2026/11/21');
  });
});
