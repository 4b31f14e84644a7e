import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './database-unavailable';
import { loggableError } from './loggable-error';

/** Where a periodic tick reports: pino's logger or Fastify's (which is pino underneath). */
export type TickLog = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * Runs `tick` every `intervalMs` in this process (the first one within a second of start-up), for the schedulers
 * server.ts starts (reminders, message digests). The next tick is scheduled only when the previous one has finished,
 * so a slow tick (a slow push service) never overlaps the next. Returns a stop function that resolves once any tick
 * in flight is done, so the server can close the database after it. `name` names the tick in the logs.
 */
export function startPeriodicTick(
  name: string,
  log: TickLog,
  intervalMs: number,
  tick: () => Promise<unknown>,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    try {
      await tick();
    } catch (error) {
      // The next tick retries: while the database is away that is expected, not a fault to page anyone about.
      if (isDatabaseUnavailable(error))
        log.warn({ err: loggableError(error) }, `${name} tick: database unavailable`);
      else log.error({ err: loggableError(error) }, `${name} tick failed`);
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().then(() => schedule(intervalMs));
    }, delayMs);
    // A pending tick alone does not keep the process alive.
    timer.unref();
  };
  // The first tick soon after start-up, so that a restart does not delay work that is due.
  schedule(Math.min(intervalMs, 1000));

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
