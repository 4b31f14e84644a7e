import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TDayStatus } from '@hep/shared/domain/day-status';
import type { TWeekEntry } from './week-schedule';

/**
 * What Today's button does for a program (docs/product/session.md#today): Start when nothing is done yet, Continue
 * when some is, Done when all is (it opens the day's All done). A status that did not load reads as Start: the
 * session itself opens at the first exercise not done.
 */
export type TTodayAction = 'start' | 'continue' | 'done';

export const TODAY_ACTION_WORDS: Record<TTodayAction, MessageDescriptor> = {
  start: msg({ message: 'Start', comment: "button: start today's exercises of a program" }),
  continue: msg({ message: 'Continue', comment: "button: go on with today's exercises of a program" }),
  done: msg({
    message: 'Done',
    comment: "button: today's exercises of a program are all done (opens the summary)",
  }),
};

export function todayAction(status: TDayStatus | null): TTodayAction {
  if (status === 'completed') return 'done';
  return status === 'in-progress' ? 'continue' : 'start';
}

/**
 * The program a reminder opens straight into (`/programs?open=today`): the one program of today not done yet. None,
 * or several to choose from, stay on Today.
 */
export function programToOpen(entries: readonly TWeekEntry[]): number | null {
  const open = entries.filter((entry) => todayAction(entry.status) !== 'done');
  return open.length === 1 ? open[0]!.program.id : null;
}
