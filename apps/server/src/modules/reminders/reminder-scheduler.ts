import type { AppContext } from '../../context';
import { startPeriodicTick, type TickObserver } from '../../lib/periodic-tick';
import { type ReminderLog, runReminderTick } from './reminders.service';

type Tick = (ctx: AppContext, now: Date, log: ReminderLog) => Promise<unknown>;

/**
 * Runs the reminder tick every `intervalMs` in this process (lib/periodic-tick.ts: never two at once, the first
 * within a second of start-up), on the app's clock. Returns a stop function that resolves once any tick in flight is
 * done. `observer` is told of each tick's lateness and duration (the metrics).
 */
export function startReminderScheduler(
  ctx: AppContext,
  log: ReminderLog,
  intervalMs: number,
  tick: Tick = runReminderTick,
  observer?: TickObserver,
): () => Promise<void> {
  return startPeriodicTick('reminder', log, intervalMs, () => tick(ctx, ctx.now(), log), observer);
}
