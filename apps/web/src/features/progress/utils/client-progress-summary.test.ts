import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TClientProgressWeek } from '@hep/shared/schemas/adherence';
import {
  clientProgressSummary,
  clientProgressWeekCells,
  hasClientProgress,
  progressWeeksFromStart,
} from './client-progress-summary';

const week = (start: string, fields: Partial<TClientProgressWeek> = {}): TClientProgressWeek => ({
  start,
  prescribed: 0,
  done: 0,
  rate: null,
  effort_avg: null,
  pain_avg: null,
  pain_max: null,
  ...fields,
});

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe("the client's progress in words", () => {
  const weeks = [
    week('2027-05-31'),
    week('2027-06-07', { prescribed: 4, done: 3, rate: 0.75, effort_avg: 6, pain_avg: 3.5, pain_max: 5 }),
    week('2027-06-14', { prescribed: 4, done: 2, rate: 0.5, effort_avg: 5.3, pain_avg: 4, pain_max: 7 }),
  ];

  it('says adherence, then average effort and highest pain from the first week to the last', () => {
    expect(clientProgressSummary({ weeks, last_7: 0.5, last_28: 0.625 })).toBe(
      'Last 7 days: 50% done. Last 4 weeks: 63% done. ' +
        'Average effort went from 6.0 in the week of 7 Jun to 5.3 in the week of 14 Jun. ' +
        'Highest pain went from 5 in the week of 7 Jun to 7 in the week of 14 Jun. ' +
        'Effort and pain are out of 10.',
    );
  });

  it('says a single week as such, and what was not given', () => {
    const one = [week('2027-06-14', { prescribed: 2, done: 1, rate: 0.5, effort_avg: 4 })];
    expect(clientProgressSummary({ weeks: one, last_7: 0.5, last_28: 0.5 })).toBe(
      'Last 7 days: 50% done. Last 4 weeks: 50% done. Average effort was 4.0 in the week of 14 Jun. ' +
        'No pain was reported. Effort and pain are out of 10.',
    );
  });

  it('gives each week its row, with "--" where nothing was given', () => {
    expect(clientProgressWeekCells(weeks[2]!)).toEqual(['Mon 14 Jun', '2 of 4', '50%', '5.3', '4.0', '7']);
    expect(clientProgressWeekCells(weeks[0]!)).toEqual(['Mon 31 May', 'Nothing due', '--', '--', '--', '--']);
  });

  it('starts at the first week with something due or reported, and has nothing to show without either', () => {
    expect(progressWeeksFromStart(weeks).map((w) => w.start)).toEqual(['2027-06-07', '2027-06-14']);
    const reportedOnly = [week('2027-06-07'), week('2027-06-14', { pain_max: 2, pain_avg: 2 })];
    expect(progressWeeksFromStart(reportedOnly).map((w) => w.start)).toEqual(['2027-06-14']);
    expect(hasClientProgress({ weeks: reportedOnly })).toBe(true);
    expect(hasClientProgress({ weeks: [week('2027-06-07'), week('2027-06-14')] })).toBe(false);
    expect(progressWeeksFromStart([week('2027-06-07'), week('2027-06-14')]).map((w) => w.start)).toEqual([
      '2027-06-14',
    ]);
  });
});
