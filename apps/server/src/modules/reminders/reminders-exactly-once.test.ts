import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { reminderJobs, reminderSchedule } from '../../db/schema/reminders';
import { serverKeys } from '../../db/schema/server-keys';
import { createTestApp, type TestApp } from '../../../test/helper';
import { databaseUrlOf, runSideBySide } from '../../../test/side-process';
import { createMailTransport } from '../mail/mail-transport';
import { startTestPushService, type TestPushService } from '../push/push-service.test-support';
import { runReminderTick, type TickResult } from './reminders.service';
import { buildReminderClient, type DueClient } from './reminders.test-support';

const DAY = '2031-07-01';
const NOW = `${DAY}T18:00:00Z`;
/** Several claim batches' worth, so that both processes get a share and really work side by side. */
const CLIENTS = 30;
const TICKS_PER_PROCESS = 5;

let t: TestApp;
let push: TestPushService;
const mailTo: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      mailTo.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const transport = createMailTransport({ smtpUrl, from: 'HEP <no-reply@app.test>', outboxDir: os.tmpdir() });
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' }, { transport });
  // Slow enough that one process alone would need 3 s for all 30 clients: the other, warmed and started at the
  // same signal, always claims a share, even on a loaded machine.
  push = await startTestPushService({ delayMs: 100 });
});
afterAll(async () => {
  await t.close();
  await push.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/**
 * Two API processes on one PostgreSQL (docs/product/operations.md#several-nodes), started together once both are up.
 */
const tickInTwoProcesses = () =>
  runSideBySide<TickResult>('reminder-ticks.ts', {
    DATABASE_URL: databaseUrlOf(t.ctx.db),
    NOW,
    TICKS: String(TICKS_PER_PROCESS),
  });

/** PGlite has one process: two app contexts (each its own Drizzle handle) share it and tick concurrently. */
async function tickInTwoContexts(): Promise<TickResult[]> {
  const client = (t.ctx.db as unknown as { $client: PGlite }).$client;
  const contexts: AppContext[] = [
    { ...t.ctx, now: () => new Date(NOW) },
    { ...t.ctx, db: drizzle({ client }) as unknown as Db, now: () => new Date(NOW) },
  ];
  // An hour early nobody is due: this only warms each context's caches, so that neither starts with a head start.
  for (const ctx of contexts) await runReminderTick(ctx, new Date(new Date(NOW).getTime() - 3_600_000));
  // Alternating, so that the two contexts' queries interleave on PGlite's one connection.
  const ticks = await Promise.all(
    Array.from({ length: 2 * TICKS_PER_PROCESS }, (_, i) => runReminderTick(contexts[i % 2]!)),
  );
  return contexts.map((_ctx, which) =>
    ticks
      .filter((_r, i) => i % 2 === which)
      .reduce((sum, r) => ({
        enqueued: sum.enqueued + r.enqueued,
        sent: sum.sent + r.sent,
        expired: sum.expired + r.expired,
        skipped: sum.skipped + r.skipped,
      })),
  );
}

describe('exactly once across processes', () => {
  it('sends every due client one push and one email when two processes tick at the same time', async () => {
    const clients: DueClient[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      clients.push(
        await buildReminderClient(t.ctx, push, { day: DAY, time: '18:00', receivesEmail: i % 2 === 0 }),
      );
    }

    const results =
      process.env.TEST_DB === 'postgres' ? await tickInTwoProcesses() : await tickInTwoContexts();
    // The ticks queued the emails; the mail worker sends them (mail-outbox-exactly-once.test.ts: once each).
    t.clock.set(NOW);
    await t.deliverMail();

    const sum = (key: keyof TickResult) => results.reduce((n, r) => n + r[key], 0);
    expect(sum('enqueued')).toBe(CLIENTS);
    expect(sum('sent')).toBe(CLIENTS);
    // Each process sent some of them: they claimed side by side, neither waited for the other to finish.
    expect(results.every((r) => r.sent > 0)).toBe(true);
    for (const client of clients) expect(push.receivedFor(client.endpoint!)).toHaveLength(1);
    expect(mailTo.sort()).toEqual(
      clients
        .filter((_c, i) => i % 2 === 0)
        .map((c) => c.email)
        .sort(),
    );
    const jobs = await t.ctx.db
      .select()
      .from(reminderJobs)
      .where(
        inArray(
          reminderJobs.userId,
          clients.map((c) => c.id),
        ),
      );
    expect(jobs).toHaveLength(CLIENTS);
    expect(jobs.every((j) => j.status === 'sent' && j.attempts === 1 && j.day === DAY)).toBe(true);
    // Each client's schedule moved on to tomorrow's 18:00, whichever process looked at them.
    const schedule = await t.ctx.db
      .select({ checkAt: reminderSchedule.checkAt })
      .from(reminderSchedule)
      .where(
        inArray(
          reminderSchedule.userId,
          clients.map((c) => c.id),
        ),
      );
    expect(schedule.map((s) => s.checkAt.toISOString())).toEqual(
      clients.map(() => '2031-07-02T18:00:00.000Z'),
    );

    // Both processes signed with the one VAPID key pair that won the race to be generated.
    const [stored] = await t.ctx.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
    const publicKey = (stored!.value as { publicKey: string }).publicKey;
    const keysUsed = new Set(push.received.map((r) => /k=([\w-]+)/.exec(r.headers.authorization ?? '')?.[1]));
    expect([...keysUsed]).toEqual([publicKey]);
  });
});
