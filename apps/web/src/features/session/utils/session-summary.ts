import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TPreviousReport } from '@hep/shared/schemas/feedback';
import type { TStatusMap } from '@hep/shared/schemas/status';
import type { TSessionResult } from './session-plan';

// The client's All done screen (docs/product/session.md#all-done): the week so far ("4 of 5 days this week") and one
// trend in words ("Sit to stand felt easier: effort 7 → 4").

/** Days of the week with every exercise done, out of the days the program prescribes that week. */
export interface TWeekCount {
  done: number;
  prescribed: number;
}

/**
 * Counts from the week's day statuses (GET /programs/{id}/status/). The session's own day counts as this screen
 * knows it (`dayDone`): a save kept on the phone while offline is done for the client, though the server has not
 * seen it yet. Null when the week prescribes nothing.
 */
export function countWeek(statuses: TStatusMap, date: string, dayDone: boolean): TWeekCount | null {
  let done = 0;
  let prescribed = 0;
  for (const [day, status] of Object.entries(statuses)) {
    if (status === 'not-prescribed') continue;
    prescribed += 1;
    if (day === date ? dayDone : status === 'completed') done += 1;
  }
  return prescribed === 0 ? null : { done, prescribed };
}

/** "4 of 5 days this week"; `weekOf` (its Monday in words) names another week: "... in the week of 5 Jan 2026". */
export function weekInWords(count: TWeekCount, weekOf: string | null = null): string {
  const { done, prescribed } = count;
  return weekOf === null
    ? i18n._(msg`${done} of ${plural(prescribed, { one: '# day', other: '# days' })} this week`)
    : i18n._(
        msg`${done} of ${plural(prescribed, { one: '# day', other: '# days' })} in the week of ${weekOf}`,
      );
}

/** One exercise's change from its previous report to today's. */
export interface TTrend {
  exerciseName: string;
  measure: 'effort' | 'pain';
  from: number;
  to: number;
}

interface TNamed {
  id: number;
  name: string;
}

/**
 * The largest change between today's reports and each exercise's previous one, effort or pain; the first in the
 * program's order on a tie, effort before pain. An effort of 0 is "not rated"
 * (docs/product/feedback-and-progress.md#effort) and a pain of null is no answer: neither is compared. Null when
 * nothing changed or nothing can be compared (no previous report).
 */
export function pickTrend(
  exercises: readonly TNamed[],
  results: ReadonlyMap<number, Pick<TSessionResult, 'effort' | 'pain'>>,
  previous: readonly TPreviousReport[],
): TTrend | null {
  const before = new Map(previous.map((report) => [report.exercise, report]));
  let best: TTrend | null = null;
  const consider = (candidate: TTrend) => {
    const size = Math.abs(candidate.to - candidate.from);
    if (size > 0 && (best === null || size > Math.abs(best.to - best.from))) best = candidate;
  };
  for (const exercise of exercises) {
    const today = results.get(exercise.id);
    const last = before.get(exercise.id);
    if (!today || !last) continue;
    if (today.effort > 0 && last.effort_rating > 0)
      consider({
        exerciseName: exercise.name,
        measure: 'effort',
        from: last.effort_rating,
        to: today.effort,
      });
    if (today.pain !== null && last.pain !== null)
      consider({ exerciseName: exercise.name, measure: 'pain', from: last.pain, to: today.pain });
  }
  return best;
}

type TTrendKind = 'easier' | 'harder' | 'less-pain' | 'more-pain';

function kindOf(trend: TTrend): TTrendKind {
  const down = trend.to < trend.from;
  if (trend.measure === 'effort') return down ? 'easier' : 'harder';
  return down ? 'less-pain' : 'more-pain';
}

/** "Sit to stand felt easier" (effort down), "felt harder" (up); for pain "hurt less" or "hurt more". */
export function trendLead(trend: TTrend): string {
  const { exerciseName: name } = trend;
  const leads: Record<TTrendKind, string> = {
    easier: i18n._(msg`${name} felt easier`),
    harder: i18n._(msg`${name} felt harder`),
    'less-pain': i18n._(msg`${name} hurt less`),
    'more-pain': i18n._(msg`${name} hurt more`),
  };
  return leads[kindOf(trend)];
}

/** "Sit to stand felt easier: effort 7 → 4" (one message each, so that a translator can reorder it). */
export function trendInWords(trend: TTrend): string {
  const { exerciseName: name, from, to } = trend;
  switch (kindOf(trend)) {
    case 'easier':
      return i18n._(msg`${name} felt easier: effort ${from} → ${to}`);
    case 'harder':
      return i18n._(msg`${name} felt harder: effort ${from} → ${to}`);
    case 'less-pain':
      return i18n._(msg`${name} hurt less: pain ${from} → ${to}`);
    case 'more-pain':
      return i18n._(msg`${name} hurt more: pain ${from} → ${to}`);
  }
}

/** The same for a screen reader: "Sit to stand felt easier: effort went from 7 to 4". */
export function trendForListening(trend: TTrend): string {
  const { exerciseName: name, from, to } = trend;
  switch (kindOf(trend)) {
    case 'easier':
      return i18n._(msg`${name} felt easier: effort went from ${from} to ${to}`);
    case 'harder':
      return i18n._(msg`${name} felt harder: effort went from ${from} to ${to}`);
    case 'less-pain':
      return i18n._(msg`${name} hurt less: pain went from ${from} to ${to}`);
    case 'more-pain':
      return i18n._(msg`${name} hurt more: pain went from ${from} to ${to}`);
  }
}
