import os from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { like } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createTestApp, type TestApp } from '../../../test/helper';
import { databaseUrlOf, runSideBySide } from '../../../test/side-process';
import { createMailTransport } from './mail-transport';
import { type MailRunResult, runMailWorker } from './mail-worker';
import { startTestSmtp, type TestSmtp } from './smtp-server.test-support';

const NOW = '2031-07-01T18:00:00Z';
/** Several claim batches' worth, so that both workers get a share and really work side by side. */
const MAILS = 40;

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  // A few milliseconds per message: a worker is still sending its batch while the other claims the next.
  smtp = await startTestSmtp({ delayMs: 5 });
  t = await createTestApp();
  t.clock.set(NOW);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * Two API processes on one PostgreSQL (docs/product/operations.md#several-nodes), started together once both are up.
 */
const drainInTwoProcesses = () =>
  runSideBySide<MailRunResult>('mail-worker-process.ts', {
    DATABASE_URL: databaseUrlOf(t.ctx.db),
    SMTP_URL: smtp.url,
    NOW,
  });

/** PGlite has one process: two app contexts (each its own Drizzle handle) share it and drain concurrently. */
async function drainInTwoContexts(): Promise<MailRunResult[]> {
  const client = (t.ctx.db as unknown as { $client: PGlite }).$client;
  const contexts: AppContext[] = [t.ctx, { ...t.ctx, db: drizzle({ client }) as unknown as Db }];
  const transport = createMailTransport({
    smtpUrl: smtp.url,
    from: 'HEP <no-reply@app.test>',
    outboxDir: os.tmpdir(),
  });
  const log = pino({ level: 'silent' });
  return Promise.all(contexts.map((ctx) => runMailWorker(ctx, transport, log)));
}

describe('exactly once across processes', () => {
  it('delivers every queued mail once when two workers drain the outbox at the same time', async () => {
    const recipients = Array.from({ length: MAILS }, (_, i) => `once-${i}@outbox.test`);
    for (const to of recipients) {
      await t.ctx.mailer.send({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', purpose: 'test' });
    }

    const results =
      process.env.TEST_DB === 'postgres' ? await drainInTwoProcesses() : await drainInTwoContexts();

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(MAILS);
    expect(results.every((r) => r.retrying === 0 && r.failed === 0)).toBe(true);
    // Each worker sent some of them: they claimed side by side, neither waited for the other to finish.
    expect(results.every((r) => r.sent > 0)).toBe(true);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
    const rows = await t.ctx.db.select().from(mailOutbox).where(like(mailOutbox.recipient, '%@outbox.test'));
    expect(rows).toHaveLength(MAILS);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
