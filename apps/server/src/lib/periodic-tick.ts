import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './database-unavailable';
import { loggableError } from './loggable-error';

/** Where a periodic tick reports: pino's logger or Fastify's (which is pino underneath). */
export type TickLog = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * Told of each tick's timing (the reminder tick's metrics: docs/product/operations.md#metrics-and-tracing). Times
 * are `performance.now()` milliseconds.
 */
export interface TickObserver {
  /** A tick began `lateMs` after it was due. */
  started(lateMs: number): void;
  /** The tick that began last has ended, done or failed, after `ms`. */
  finished(ms: number): void;
  /** The next tick is due at `at`; null once the scheduler has stopped. */
  due(at: number | null): void;
}

/**
 * Runs `tick` every `intervalMs` in this process (the first one within a second of start-up), for the schedulers
 * run-server.ts starts (reminders, message digests, retention). Each tick is due one interval after the previous one
 * began; a tick never overlaps the next, so one that outlasts the interval is followed at once by the next, which is
 * then late by the difference. Returns a stop function that resolves once any tick in flight is done, so the server
 * can close the database after it. `name` names the tick in the logs; `observer` is told of each tick's lateness and
 * duration.
 */
export function startPeriodicTick(
  name: string,
  log: TickLog,
  intervalMs: number,
  tick: () => Promise<unknown>,
  observer?: TickObserver,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const runOnce = async (dueAt: number) => {
    const startedAt = performance.now();
    observer?.started(Math.max(0, startedAt - dueAt));
    const nextDueAt = startedAt + intervalMs;
    observer?.due(nextDueAt);
    try {
      await tick();
    } catch (error) {
      // The next tick retries: while the database is away that is expected, not a fault to page anyone about.
      if (isDatabaseUnavailable(error))
        log.warn({ err: loggableError(error) }, `${name} tick: database unavailable`);
      else log.error({ err: loggableError(error) }, `${name} tick failed`);
    }
    observer?.finished(performance.now() - startedAt);
    return nextDueAt;
  };
  const schedule = (dueAt: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = runOnce(dueAt).then(schedule);
      },
      Math.max(0, dueAt - performance.now()),
    );
    // A pending tick alone does not keep the process alive.
    timer.unref();
  };
  // The first tick soon after start-up, so that a restart does not delay work that is due.
  const firstDueAt = performance.now() + Math.min(intervalMs, 1000);
  observer?.due(firstDueAt);
  schedule(firstDueAt);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    observer?.due(null);
    await running;
  };
}
