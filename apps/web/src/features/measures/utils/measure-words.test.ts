import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { TMeasureAssignment } from '@hep/shared/schemas/measures';
import { changeText, scoreText } from './measure-words';

const withScores = (instrument: string, scores: number[]) =>
  ({
    instrument,
    results: scores.map((score, id) => ({ id, score })),
  }) as unknown as TMeasureAssignment;
const said = (assignment: TMeasureAssignment) => {
  const text = changeText(assignment);
  return text ? i18n._(text) : null;
};

describe('changeText', () => {
  it('compares the latest result with the first in the instrument direction, against its MCID', () => {
    expect(said(withScores('phq9', [15]))).toBeNull();
    expect(said(withScores('phq9', [15, 12, 9]))).toBe(
      'Since the first result: better by more than the smallest change that matters.',
    );
    expect(said(withScores('phq9', [15, 13]))).toBe(
      'Since the first result: better, by less than the smallest change that matters.',
    );
    expect(said(withScores('tmwt', [0.9, 0.75]))).toBe(
      'Since the first result: worse by more than the smallest change that matters.',
    );
    expect(said(withScores('mfis', [60, 20]))).toBe(
      'Since the first result: better (this measure has no published smallest change that matters).',
    );
  });
});

describe('scoreText', () => {
  it('writes the score to the instrument decimals with its unit', () => {
    expect(scoreText(0.8, { unit: 'm/s', decimals: 2 })).toBe('0.80 m/s');
    expect(scoreText(24.5, { unit: 'seconds', decimals: 1 })).toBe('24.5 s');
    expect(scoreText(12, { unit: 'points', decimals: 0 })).toBe('12');
  });
});
