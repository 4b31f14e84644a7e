import type { TInstrument } from './instrument-schema';

// One scoring function for the server and the web app (docs/product/outcome-measures.md#scoring).

export const MEASURE_MESSAGES = {
  missing: /*i18n*/ 'Answer this question.',
  outOfRange: /*i18n*/ "This answer is not one of the question's choices or is outside its range.",
  unknownItem: /*i18n*/ 'This question is not part of the measure.',
  activitiesCount: /*i18n*/ 'Name 3 to 5 activities.',
  activityText: /*i18n*/ 'Name each activity in 1 to 100 characters.',
  noActivities: /*i18n*/ 'This measure does not take activities.',
} as const;

export interface TMeasureAnswers {
  /** Item id to answer; a PSFS answers activity_1 to activity_n, one per activity named. */
  answers: Record<string, unknown>;
  activities?: unknown;
}

export interface TMeasureScore {
  score: number;
  subscores: Record<string, number> | null;
  band: string | null;
  safety: boolean;
}

export type TScoreOutcome =
  { ok: true; value: TMeasureScore } | { ok: false; fields: Record<string, string> };

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/** Whether `value` is on the scale: one of its options, or between min and max on a step. */
function onScale(scale: TInstrument['scales'][string], value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (scale.options) return scale.options.some((option) => option.value === value);
  if (value < scale.min || value > scale.max) return false;
  const steps = (value - scale.min) / scale.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** The questions a response must answer: the items, or one per activity named. */
export function questionIds(instrument: TInstrument, activityCount = 0): { id: string; scale: string }[] {
  if (!instrument.activities) return instrument.items.map((item) => ({ id: item.id, scale: item.scale }));
  const scale = instrument.activities.scale;
  return Array.from({ length: activityCount }, (_, index) => ({ id: `activity_${index + 1}`, scale }));
}

function checkActivities(
  instrument: TInstrument,
  activities: unknown,
  fields: Record<string, string>,
): number {
  const rule = instrument.activities;
  if (!rule) {
    if (activities !== undefined) fields.activities = MEASURE_MESSAGES.noActivities;
    return 0;
  }
  if (!Array.isArray(activities) || activities.length < rule.min || activities.length > rule.max) {
    fields.activities = MEASURE_MESSAGES.activitiesCount;
    return Array.isArray(activities) ? Math.min(activities.length, rule.max) : 0;
  }
  if (!activities.every((a) => typeof a === 'string' && a.trim().length > 0 && a.length <= rule.max_length))
    fields.activities = MEASURE_MESSAGES.activityText;
  return activities.length;
}

/**
 * Scores one response, or names every question at fault (`answers.<item id>`, `activities`). Sums, means and a
 * walk's speed are rounded to the instrument's decimals; the band is the one whose range holds the score.
 */
export function scoreResponse(instrument: TInstrument, response: TMeasureAnswers): TScoreOutcome {
  const fields: Record<string, string> = {};
  const count = checkActivities(instrument, response.activities, fields);
  const questions = questionIds(instrument, count);
  const answers = response.answers;
  for (const { id, scale } of questions) {
    if (!(id in answers) || answers[id] === null || answers[id] === undefined)
      fields[`answers.${id}`] = MEASURE_MESSAGES.missing;
    else if (!onScale(instrument.scales[scale]!, answers[id]))
      fields[`answers.${id}`] = MEASURE_MESSAGES.outOfRange;
  }
  for (const id of Object.keys(answers))
    if (!questions.some((question) => question.id === id))
      fields[`answers.${id}`] = MEASURE_MESSAGES.unknownItem;
  if (Object.keys(fields).length > 0) return { ok: false, fields };

  const values = questions.map(({ id }) => answers[id] as number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const { method, distance_m: distance = 0, subscales } = instrument.scoring;
  const raw = method === 'mean' ? total / values.length : method === 'speed' ? distance / total : total;
  const score = round(raw, instrument.decimals);
  const band = instrument.bands.find((b) => score >= b.min && score <= b.max)?.code ?? null;
  const safety = instrument.safety
    ? (answers[instrument.safety.item] as number) > instrument.safety.above
    : false;
  return {
    ok: true,
    value: {
      score,
      subscores: subscales
        ? Object.fromEntries(
            subscales.map(({ code }) => [
              code,
              round(
                instrument.items
                  .filter((item) => item.subscale === code)
                  .reduce((sum, item) => sum + (answers[item.id] as number), 0),
                instrument.decimals,
              ),
            ]),
          )
        : null,
      band,
      safety,
    },
  };
}

export type TMeasureChange = 'better_mcid' | 'better' | 'same' | 'worse' | 'worse_mcid';

/**
 * How `later` compares with `earlier` for the client: better or worse in the instrument's direction, and whether
 * by at least its smallest change that matters (never, for an instrument without one).
 */
export function compareScores(instrument: TInstrument, earlier: number, later: number): TMeasureChange {
  const gain = round((later - earlier) * (instrument.higher_is_better ? 1 : -1), instrument.decimals + 2);
  if (gain === 0) return 'same';
  const matters = instrument.mcid !== null && Math.abs(gain) >= instrument.mcid.value - 1e-9;
  if (gain > 0) return matters ? 'better_mcid' : 'better';
  return matters ? 'worse_mcid' : 'worse';
}
