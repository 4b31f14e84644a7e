import { describe, expect, it } from 'vitest';
import { ZInstrument } from './instrument-schema';
import { findInstrument, INSTRUMENTS, instrumentLanguage } from './instruments';
import { compareScores, MEASURE_MESSAGES, scoreResponse } from './scoring';

// Hand-scored examples, worked as each instrument's manual scores them.

const instrument = (code: string) => {
  const found = findInstrument(code);
  if (!found) throw new Error(`no ${code}`);
  return found;
};
const itemAnswers = (code: string, values: number[]) =>
  Object.fromEntries(instrument(code).items.map((item, index) => [item.id, values[index]]));
const score = (code: string, values: number[]) => {
  const outcome = scoreResponse(instrument(code), { answers: itemAnswers(code, values) });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.fields));
  return outcome.value;
};

describe('the instruments file', () => {
  it('holds the free set, each passing the schema', () => {
    expect(INSTRUMENTS.map((i) => i.code)).toEqual([
      'nrs_pain',
      'psfs',
      'phq9',
      'gad7',
      'mfis',
      'tmwt',
      'chair_stand_30s',
      'balance_4stage',
    ]);
    for (const each of INSTRUMENTS) expect(ZInstrument.safeParse(each).success, each.code).toBe(true);
  });

  it('refuses an instrument that claims a language one of its texts lacks', () => {
    const phq9 = instrument('phq9');
    const broken = {
      ...phq9,
      items: phq9.items.map((item, i) => (i === 2 ? { ...item, text: { en: 'x' } } : item)),
    };
    const parsed = ZInstrument.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['items', 2, 'text'], message: 'no es wording' });
  });

  it('offers an instrument in the reader language only where its published wording is carried', () => {
    expect(instrumentLanguage(instrument('gad7'), 'es')).toBe('es');
    expect(instrumentLanguage(instrument('gad7'), 'vi')).toBe('en');
    expect(instrumentLanguage(instrument('mfis'), 'es')).toBe('en');
  });
});

describe('PHQ-9', () => {
  it('sums the nine items and bands the total', () => {
    // 1+2+1+3+0+1+2+0+0 = 10: moderate.
    expect(score('phq9', [1, 2, 1, 3, 0, 1, 2, 0, 0])).toEqual({
      score: 10,
      subscores: null,
      band: 'moderate',
      safety: false,
    });
    expect(score('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 0]).band).toBe('minimal');
    expect(score('phq9', [1, 1, 1, 1, 0, 0, 0, 0, 0]).band).toBe('minimal');
    expect(score('phq9', [1, 1, 1, 1, 1, 0, 0, 0, 0]).band).toBe('mild');
    expect(score('phq9', [3, 3, 3, 3, 3, 3, 1, 0, 0]).band).toBe('moderately_severe');
    expect(score('phq9', [3, 3, 3, 3, 3, 3, 2, 0, 0])).toMatchObject({ score: 20, band: 'severe' });
    expect(score('phq9', [3, 3, 3, 3, 3, 3, 3, 3, 3])).toMatchObject({
      score: 27,
      band: 'severe',
      safety: true,
    });
  });

  it('marks any answer above 0 on item 9 as a safety concern, whatever the total', () => {
    expect(score('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 1])).toMatchObject({
      score: 1,
      band: 'minimal',
      safety: true,
    });
  });
});

describe('GAD-7', () => {
  it('sums the seven items and bands the total', () => {
    expect(score('gad7', [2, 2, 1, 1, 0, 3, 1])).toMatchObject({
      score: 10,
      band: 'moderate',
      safety: false,
    });
    expect(score('gad7', [1, 1, 1, 1, 0, 0, 0]).band).toBe('minimal');
    expect(score('gad7', [1, 1, 1, 1, 1, 0, 0]).band).toBe('mild');
    expect(score('gad7', [3, 3, 3, 3, 3, 0, 0])).toMatchObject({ score: 15, band: 'severe' });
  });
});

describe('MFIS', () => {
  it('sums 21 items with the physical, cognitive and psychosocial subscales', () => {
    // Items 1-21: physical 4,6,7,10,13,14,17,20,21; cognitive 1,2,3,5,11,12,15,16,18,19; psychosocial 8,9.
    const values = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 4];
    // physical: 1+4+3+0+2+1+3+0+4 = 18; cognitive: 4+3+2+0+4+3+0+4+2+1 = 23; psychosocial: 2+1 = 3.
    expect(score('mfis', values)).toEqual({
      score: 44,
      subscores: { physical: 18, cognitive: 23, psychosocial: 3 },
      band: 'fatigue',
      safety: false,
    });
    expect(score('mfis', Array(21).fill(1))).toEqual({
      score: 21,
      subscores: { physical: 9, cognitive: 10, psychosocial: 2 },
      band: 'below_cutoff',
      safety: false,
    });
  });
});

describe('PSFS', () => {
  const psfs = (activities: string[], values: number[]) =>
    scoreResponse(instrument('psfs'), {
      activities,
      answers: Object.fromEntries(values.map((value, index) => [`activity_${index + 1}`, value])),
    });

  it('scores the mean of the activities the client named, to one decimal', () => {
    expect(psfs(['Stairs', 'Gardening', 'Walking the dog'], [3, 5, 6])).toEqual({
      ok: true,
      value: { score: 4.7, subscores: null, band: null, safety: false },
    });
    expect(psfs(['Stairs', 'Gardening', 'Walking', 'Lifting'], [7, 8, 5, 6])).toMatchObject({
      value: { score: 6.5 },
    });
  });

  it('needs 3 to 5 activities, each named, and an answer for each', () => {
    expect(psfs(['Stairs', 'Gardening'], [3, 5])).toEqual({
      ok: false,
      fields: { activities: MEASURE_MESSAGES.activitiesCount },
    });
    expect(psfs(['Stairs', ' ', 'x'.repeat(101)], [3, 5, 6])).toEqual({
      ok: false,
      fields: { activities: MEASURE_MESSAGES.activityText },
    });
    expect(psfs(['Stairs', 'Gardening', 'Walking'], [3, 5])).toEqual({
      ok: false,
      fields: { 'answers.activity_3': MEASURE_MESSAGES.missing },
    });
  });
});

describe('performance tests', () => {
  const one = (code: string, answers: Record<string, number>) => {
    const outcome = scoreResponse(instrument(code), { answers });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.fields));
    return outcome.value;
  };

  it('shows the 10-metre walk as metres per second over the timed 6 metres', () => {
    expect(one('tmwt', { seconds: 7.5 })).toMatchObject({ score: 0.8, band: 'limited_community' });
    expect(one('tmwt', { seconds: 5 })).toMatchObject({ score: 1.2, band: 'community' });
    expect(one('tmwt', { seconds: 20 })).toMatchObject({ score: 0.3, band: 'household' });
    expect(one('tmwt', { seconds: 7 })).toMatchObject({ score: 0.86, band: 'community' });
  });

  it('counts chair stands and sums the seconds of the four balance stances', () => {
    expect(one('chair_stand_30s', { stands: 12 })).toEqual({
      score: 12,
      subscores: null,
      band: null,
      safety: false,
    });
    expect(
      one('balance_4stage', { side_by_side: 10, semi_tandem: 10, tandem: 4.5, one_leg: 0 }),
    ).toMatchObject({
      score: 24.5,
      band: 'fall_risk',
    });
    expect(
      one('balance_4stage', { side_by_side: 10, semi_tandem: 10, tandem: 10, one_leg: 3.2 }),
    ).toMatchObject({
      score: 33.2,
      band: 'tandem_held',
    });
  });

  it('bands pain on the numeric rating scale', () => {
    expect(one('nrs_pain', { pain: 0 }).band).toBe('none');
    expect(one('nrs_pain', { pain: 5 }).band).toBe('moderate');
  });
});

describe('answers at fault', () => {
  it('names every question missing, outside its choices or range, or not in the measure', () => {
    const answers: Record<string, unknown> = itemAnswers('phq9', [0, 1, 4, 1.5, 0, 0, 0, 0]);
    answers.phq9_10 = 1;
    answers.phq9_1 = '2';
    expect(scoreResponse(instrument('phq9'), { answers })).toEqual({
      ok: false,
      fields: {
        'answers.phq9_1': MEASURE_MESSAGES.outOfRange,
        'answers.phq9_3': MEASURE_MESSAGES.outOfRange,
        'answers.phq9_4': MEASURE_MESSAGES.outOfRange,
        'answers.phq9_9': MEASURE_MESSAGES.missing,
        'answers.phq9_10': MEASURE_MESSAGES.unknownItem,
      },
    });
    expect(scoreResponse(instrument('tmwt'), { answers: { seconds: 0.2 } })).toMatchObject({
      fields: { 'answers.seconds': MEASURE_MESSAGES.outOfRange },
    });
    expect(scoreResponse(instrument('balance_4stage'), { answers: { side_by_side: 10.05 } })).toMatchObject({
      fields: { 'answers.side_by_side': MEASURE_MESSAGES.outOfRange },
    });
    expect(
      scoreResponse(instrument('gad7'), {
        answers: itemAnswers('gad7', [0, 0, 0, 0, 0, 0, 0]),
        activities: [],
      }),
    ).toMatchObject({ fields: { activities: MEASURE_MESSAGES.noActivities } });
  });
});

describe('change between two results', () => {
  it('says better or worse in the instrument direction, and whether by at least the MCID', () => {
    expect(compareScores(instrument('phq9'), 15, 9)).toBe('better_mcid');
    expect(compareScores(instrument('phq9'), 15, 12)).toBe('better');
    expect(compareScores(instrument('phq9'), 9, 14)).toBe('worse_mcid');
    expect(compareScores(instrument('phq9'), 9, 9)).toBe('same');
    expect(compareScores(instrument('tmwt'), 0.6, 0.7)).toBe('better_mcid');
    expect(compareScores(instrument('tmwt'), 0.6, 0.65)).toBe('better');
    expect(compareScores(instrument('psfs'), 6, 3.9)).toBe('worse_mcid');
    // No published MCID: a change is never said to matter.
    expect(compareScores(instrument('mfis'), 60, 20)).toBe('better');
  });
});
