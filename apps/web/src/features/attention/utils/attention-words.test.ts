import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { TAttentionCode, TAttentionDetail, TAttentionReason } from '@hep/shared/schemas/attention';
import {
  attentionHeading,
  attentionReasonLink,
  attentionReasonText as reasonDescriptor,
} from './attention-words';

// The English source: each descriptor as the page shows it with no catalog loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
const attentionReasonText = (reason: TAttentionReason, today: string) =>
  i18n._(reasonDescriptor(reason, today));

const NONE: TAttentionDetail = {
  program_id: null,
  program_name: null,
  exercise_id: null,
  exercise_name: null,
  date: null,
  value: null,
  previous: null,
  days: null,
  instrument: null,
};

function reason(
  code: TAttentionCode,
  detail: Partial<TAttentionDetail>,
  since = '2026-11-24',
): TAttentionReason {
  return { code, since, detail: { ...NONE, ...detail } };
}

// 2026-11-24 is a Tuesday.
const TODAY = '2026-11-25';
const report = { program_id: 7, exercise_id: 31, exercise_name: 'Sit to stand', date: '2026-11-24' };

describe('attention reason words', () => {
  it('says the outcome measure reasons with the measure, and links to the client page', () => {
    const safety = reason('safety', { date: '2026-11-24', value: 1, instrument: 'phq9' });
    expect(attentionReasonText(safety, TODAY)).toBe('Reported thoughts of self-harm (PHQ-9, Tue 24 Nov)');
    expect(attentionReasonLink(safety, 5)).toBe('/client/5');
    expect(
      attentionReasonText(reason('measure_due', { date: '2026-11-20', days: 5, instrument: 'gad7' }), TODAY),
    ).toBe('GAD-7 is 5 days overdue');
    expect(
      attentionReasonText(
        reason('measure_worse', { date: '2026-11-24', value: 0.8, previous: 0.95, instrument: 'tmwt' }),
        TODAY,
      ),
    ).toBe('10-metre walk got worse: 0.8, was 0.95');
    expect(attentionReasonLink(reason('measure_worse', {}), 5)).toBe('/client/5');
  });

  it('says a high pain report with the exercise and the day, and links to that day', () => {
    const pain = reason('pain', { ...report, value: 8, previous: 7 });
    expect(attentionReasonText(pain, TODAY)).toBe('Pain 8 of 10 on Sit to stand (Tue 24 Nov)');
    expect(attentionReasonLink(pain, 3)).toBe('/program/7?date=2026-11-24');
  });

  it('says a rise in pain from the previous report, and links to the exercise history', () => {
    const pain = reason('pain', { ...report, value: 7, previous: 4 });
    expect(attentionReasonText(pain, TODAY)).toBe('Pain up from 4 to 7 on Sit to stand (Tue 24 Nov)');
    expect(attentionReasonLink(pain, 3)).toBe('/exercise/31/feedback');
  });

  it('says a high pain with no previous report as a level', () => {
    expect(attentionReasonText(reason('pain', { ...report, value: 9 }), TODAY)).toBe(
      'Pain 9 of 10 on Sit to stand (Tue 24 Nov)',
    );
  });

  it('says a high effort and links to its day', () => {
    const effort = reason('high_effort', { ...report, value: 9 });
    expect(attentionReasonText(effort, TODAY)).toBe('Effort 9 of 10 on Sit to stand (Tue 24 Nov)');
    expect(attentionReasonLink(effort, 3)).toBe('/program/7?date=2026-11-24');
  });

  it('says missed days and days without a report', () => {
    const missed = reason('missed_streak', {
      program_id: 7,
      program_name: 'Balance',
      days: 3,
      date: '2026-11-22',
    });
    expect(attentionReasonText(missed, TODAY)).toBe('Missed the last 3 exercise days');
    expect(attentionReasonLink(missed, 3)).toBe('/program/7?date=2026-11-22');
    const inactive = reason('inactive', { days: 9 });
    expect(attentionReasonText(inactive, TODAY)).toBe('No exercises reported for 9 days');
    expect(attentionReasonLink(inactive, 3)).toBe('/client/3');
  });

  it('counts days without a report from `since` when the detail has no count', () => {
    expect(attentionReasonText(reason('inactive', {}, '2026-11-18'), TODAY)).toBe(
      'No exercises reported for 7 days',
    );
  });

  it('says when a program ends in the words of the coming week', () => {
    const ending = (date: string) =>
      reason('program_ending', { program_id: 7, program_name: 'Balance', date });
    expect(attentionReasonText(ending('2026-11-27'), TODAY)).toBe("Program 'Balance' ends Friday");
    expect(attentionReasonText(ending('2026-11-26'), TODAY)).toBe("Program 'Balance' ends tomorrow");
    expect(attentionReasonText(ending('2026-11-25'), TODAY)).toBe("Program 'Balance' ends today");
    expect(attentionReasonText(ending('2026-12-09'), TODAY)).toBe("Program 'Balance' ends on Wed 9 Dec");
    expect(attentionReasonLink(ending('2026-11-27'), 3)).toBe('/program/7');
  });

  it('says how long ago a client who never signed in was invited, and links to the client', () => {
    const invited = reason('not_activated', { days: 5 }, '2026-11-23');
    expect(attentionReasonText(invited, TODAY)).toBe('Has not signed in since being invited 5 days ago');
    expect(attentionReasonText(reason('not_activated', { days: 1 }), TODAY)).toBe(
      'Has not signed in since being invited 1 day ago',
    );
    expect(attentionReasonText(reason('not_activated', { days: 0 }, TODAY), TODAY)).toBe(
      'Has not signed in since being invited',
    );
    expect(attentionReasonLink(invited, 3)).toBe('/client/3');
  });

  it('falls back to the client page when a report has no program', () => {
    expect(attentionReasonLink(reason('high_effort', { value: 8 }), 4)).toBe('/client/4');
    expect(attentionReasonText(reason('high_effort', { value: 8 }), TODAY)).toBe('Effort 8 of 10');
  });

  it('says a report with only its day, or with nothing, without a dangling "on"', () => {
    expect(attentionReasonText(reason('pain', { date: '2026-11-24' }), TODAY)).toBe(
      'Pain reported (Tue 24 Nov)',
    );
    expect(attentionReasonText(reason('pain', {}), TODAY)).toBe('Pain reported');
    expect(attentionReasonText(reason('high_effort', { exercise_name: 'Bridge' }), TODAY)).toBe(
      'Very hard effort on Bridge',
    );
  });

  it('says an ending program without a name', () => {
    expect(attentionReasonText(reason('program_ending', { date: '2026-11-30' }), TODAY)).toBe(
      'A program ends Monday',
    );
    expect(attentionReasonText(reason('program_ending', {}), TODAY)).toBe('A program ends soon');
  });

  it('counts the clients in the heading', () => {
    expect(i18n._(attentionHeading(3))).toBe('Needs attention (3)');
    expect(i18n._(attentionHeading(null))).toBe('Needs attention');
  });
});
