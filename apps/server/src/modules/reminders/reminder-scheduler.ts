import type { AppContext } from '../../context';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { loggableError } from '../../lib/loggable-error';
import { type ReminderLog, runReminderTick } from './reminders.service';

type Tick = (ctx: AppContext, now: Date, log: ReminderLog) => Promise<unknown>;

/**
 * Runs the reminder tick every `intervalMs` in this process (the first one within a second of start-up). The next tick is scheduled only when the previous one
 * has finished, so a slow tick (a slow push service) never overlaps the next. Returns a stop function that resolves
 * once any tick in flight is done, so the server can close the database after it.
 */
export function startReminderScheduler(
  ctx: AppContext,
  log: ReminderLog,
  intervalMs: number,
  tick: Tick = runReminderTick,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    try {
      await tick(ctx, ctx.now(), log);
    } catch (error) {
      // The next tick retries: while the database is away that is expected, not a fault to page anyone about.
      if (isDatabaseUnavailable(error))
        log.warn({ err: loggableError(error) }, 'reminder tick: database unavailable');
      else log.error({ err: loggableError(error) }, 'reminder tick failed');
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().then(() => schedule(intervalMs));
    }, delayMs);
    // A pending reminder tick alone does not keep the process alive.
    timer.unref();
  };
  // The first tick soon after start-up, so that a restart does not delay reminders that are due.
  schedule(Math.min(intervalMs, 1000));

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
