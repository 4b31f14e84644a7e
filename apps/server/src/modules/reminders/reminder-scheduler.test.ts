import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { startReminderScheduler } from './reminder-scheduler';
import type { ReminderLog } from './reminders.service';

const ctx = { now: () => new Date('2031-06-02T09:00:00Z') } as AppContext;

function recordingLog() {
  const errors: string[] = [];
  const log = {
    info: () => undefined,
    warn: () => undefined,
    error: (_obj: object, msg: string) => errors.push(msg),
  };
  return { log: log as unknown as ReminderLog, errors };
}

describe('startReminderScheduler', () => {
  it('ticks again and again, never two at once, even when a tick outlasts the interval', async () => {
    let running = 0;
    let most = 0;
    let ticks = 0;
    const instants = new Set<string>();
    const stop = startReminderScheduler(ctx, recordingLog().log, 5, async (_ctx, now) => {
      instants.add(now.toISOString());
      running += 1;
      most = Math.max(most, running);
      await sleep(30);
      running -= 1;
      ticks += 1;
    });
    await sleep(250);
    await stop();
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect([...instants]).toEqual(['2031-06-02T09:00:00.000Z']); // the app's clock, not the wall clock
  });

  it('stop waits for the tick in flight, and no tick starts after it', async () => {
    const events: string[] = [];
    const stop = startReminderScheduler(ctx, recordingLog().log, 5, async () => {
      events.push('start');
      await sleep(80);
      events.push('end');
    });
    await sleep(20); // the first tick is under way
    await stop();
    events.push('stopped');
    await sleep(50);
    expect(events).toEqual(['start', 'end', 'stopped']);
  });

  it('logs a failed tick and keeps going', async () => {
    const { log, errors } = recordingLog();
    let calls = 0;
    const stop = startReminderScheduler(ctx, log, 5, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database unavailable');
    });
    await sleep(100);
    await stop();
    expect(errors[0]).toBe('reminder tick failed');
    expect(calls).toBeGreaterThan(1);
  });
});
