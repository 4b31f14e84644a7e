import os from 'node:os';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { sha256 } from '../../lib/crypto';
import { buildCareTeam, buildClient, buildClinic } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { claimDueMail } from './mail-outbox.repository';
import { createMailTransport } from './mail-transport';
import { unfinishedWorkDone } from '../../lib/unfinished-work';
import { MAIL_RETRY, runMailWorker, startMailWorker } from './mail-worker';
import { closedPort, startTestSmtp } from './smtp-server.test-support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOTHING = { sent: 0, retrying: 0, failed: 0 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test starts with nothing due, whatever an earlier one left.
beforeEach(() => t.deliverMail());

const smtpTransport = (url: string) =>
  createMailTransport({ smtpUrl: url, from: 'HEP <no-reply@app.test>', outboxDir: os.tmpdir() });

const postReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email }, remoteAddress: nextIp() });

/** A reset request, and the link and mail it queues just after its answer. */
const requestReset = async (email: string) => {
  expect((await postReset(email)).statusCode).toBe(200);
  await unfinishedWorkDone();
};

const rowFor = async (recipient: string) => {
  const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

function recordingLog() {
  const lines: string[] = [];
  return {
    log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    text: () => lines.join(''),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('a request never waits for SMTP', () => {
  it('answers a reset request for a known address as fast as for an unknown one while SMTP is slow', async () => {
    const smtp = await startTestSmtp({ delayMs: 150 });
    const { log } = recordingLog();
    // A poll an hour away: only the wake-up after each queued mail makes the worker run.
    const stop = startMailWorker(t.ctx, log, { transport: smtpTransport(smtp.url), intervalMs: HOUR });
    try {
      const { client } = await buildCareTeam(t.ctx);
      const timed = async (email: string) => {
        const start = performance.now();
        const res = await postReset(email);
        const took = performance.now() - start;
        expect(res.statusCode).toBe(200);
        // Each request starts from a quiet database: the previous one's queued link does not weigh on it.
        await unfinishedWorkDone();
        return took;
      };
      let unknownAddress = 0;
      const unknown = () => `nobody-${client.id}-${(unknownAddress += 1)}@example.test`;
      // Warm-up: the first requests of a path pay for compiling it.
      for (let i = 0; i < 20; i += 1) {
        await timed(client.email);
        await timed(unknown());
      }
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        knownTimes.push(await timed(client.email));
        unknownTimes.push(await timed(unknown()));
      }

      const medians = `medians: known ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms`;
      expect(Math.abs(median(knownTimes) - median(unknownTimes)), medians).toBeLessThan(10);
      expect(median(knownTimes)).toBeLessThan(150);
      // Meanwhile the worker, woken by each request, delivers every mail, each once.
      await vi.waitFor(() => expect(smtp.receivedFor(client.email)).toBe(40), {
        timeout: 30_000,
        interval: 50,
      });
      expect(smtp.received.every((m) => m.to.length === 1 && m.to[0] === client.email)).toBe(true);
    } finally {
      await stop();
      await smtp.close();
    }
  }, 60_000);

  it('sends a queued mail within a moment, woken by the enqueue rather than the poll', async () => {
    const smtp = await startTestSmtp();
    const stop = startMailWorker(t.ctx, recordingLog().log, {
      transport: smtpTransport(smtp.url),
      intervalMs: HOUR,
    });
    try {
      // Past the worker's first run after start-up (at most a second): from here only a wake-up runs it.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const { client } = await buildCareTeam(t.ctx);
      const start = performance.now();
      await requestReset(client.email);
      await vi.waitFor(() => expect(smtp.receivedFor(client.email)).toBe(1), {
        timeout: 1_000,
        interval: 10,
      });
      expect(performance.now() - start).toBeLessThan(1_000);
    } finally {
      await stop();
      await smtp.close();
    }
  });
});

describe('the outbox loses nothing', () => {
  it('keeps a mail through an SMTP outage and sends it once when the server is back', async () => {
    const port = await closedPort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const { log } = recordingLog();
    const { client } = await buildCareTeam(t.ctx);
    await requestReset(client.email);

    expect(await runMailWorker(t.ctx, transport, log)).toEqual({ ...NOTHING, retrying: 1 });
    const waiting = await rowFor(client.email);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting.nextAttemptAt.getTime()).toBe(t.ctx.now().getTime() + MINUTE);
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    // Not due yet: nothing is tried.
    t.clock.advance(30_000);
    expect(await runMailWorker(t.ctx, transport, log)).toEqual(NOTHING);

    const smtp = await startTestSmtp({ port });
    try {
      t.clock.advance(30_000);
      expect(await runMailWorker(t.ctx, transport, log)).toEqual({ ...NOTHING, sent: 1 });
      // Sent is sent: later runs, even past any lease, send nothing more.
      expect(await runMailWorker(t.ctx, transport, log)).toEqual(NOTHING);
      t.clock.advance(HOUR);
      expect(await runMailWorker(t.ctx, transport, log)).toEqual(NOTHING);

      expect(smtp.receivedFor(client.email)).toBe(1);
      expect(smtp.received[0]!.raw).toMatch(/^Subject: Reset your password\r?$/m);
      const sent = await rowFor(client.email);
      // The body held a working reset link: once sent it is not kept.
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, text: '', html: '' });
      expect(sent.sentAt).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('sends a mail again whose process died mid-send, once its lease has run out', async () => {
    const { client } = await buildCareTeam(t.ctx);
    await t.ctx.mailer.send({
      to: client.email,
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
      purpose: 'test',
    });
    // Another process claims it and is never heard of again.
    const claimed = await claimDueMail(t.ctx.db, t.ctx.now(), {
      limit: 100,
      leaseMs: 10 * MINUTE,
      maxAttempts: MAIL_RETRY.maxAttempts,
    });
    expect(claimed.map((m) => m.recipient)).toEqual([client.email]);
    const mailsTo = () => t.mailbox.messages.filter((m) => m.to === client.email).length;

    await t.deliverMail();
    t.clock.advance(9 * MINUTE);
    await t.deliverMail();
    expect(mailsTo()).toBe(0);
    t.clock.advance(2 * MINUTE);
    await t.deliverMail();
    await t.deliverMail();

    expect(mailsTo()).toBe(1);
    expect(await rowFor(client.email)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('stopping', () => {
  it('finishes the mail in hand and hands the rest of its batch back, due at once', async () => {
    const smtp = await startTestSmtp({ delayMs: 200 });
    const stop = startMailWorker(t.ctx, recordingLog().log, {
      transport: smtpTransport(smtp.url),
      intervalMs: HOUR,
    });
    const recipients = [1, 2, 3].map((i) => `stop-${i}-${Date.now()}@example.test`);
    try {
      for (const to of recipients) {
        await t.ctx.mailer.send({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', purpose: 'test' });
      }
      // In hand: the first mail's body is on its way to the server (its row says 'sending' from the claim on,
      // before the worker has started to send it).
      await vi.waitFor(() => expect(smtp.sending).toContainEqual([recipients[0]]), {
        timeout: 5_000,
        interval: 10,
      });
      expect((await rowFor(recipients[0]!)).status).toBe('sending');
    } finally {
      await stop();
      await smtp.close();
    }

    expect(smtp.received.map((m) => m.to[0])).toEqual([recipients[0]]);
    expect(await rowFor(recipients[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
    for (const to of recipients.slice(1)) {
      expect(await rowFor(to)).toMatchObject({ status: 'pending', attempts: 0 });
    }
    await t.deliverMail();
    expect(t.mailbox.messages.filter((m) => recipients.includes(m.to)).map((m) => m.to)).toEqual(
      recipients.slice(1),
    );
  });
});

describe('retries', () => {
  it('waits 1 minute, doubling up to 4 hours, gives up after 14 attempts (~24 h), and never logs the address', async () => {
    const smtp = await startTestSmtp({ rejectRecipients: true });
    const transport = smtpTransport(smtp.url);
    const { log, text } = recordingLog();
    const clinicId = await buildClinic(t.ctx);
    const user = await buildClient(t.ctx, clinicId, null, { firstName: 'Zebedee', lastName: 'Quixotic' });
    try {
      await requestReset(user.email);

      const delaysInMinutes: number[] = [];
      for (let attempt = 1; attempt < MAIL_RETRY.maxAttempts; attempt += 1) {
        expect(await runMailWorker(t.ctx, transport, log)).toEqual({ ...NOTHING, retrying: 1 });
        const row = await rowFor(user.email);
        expect(row).toMatchObject({ status: 'pending', attempts: attempt });
        delaysInMinutes.push((row.nextAttemptAt.getTime() - t.ctx.now().getTime()) / MINUTE);
        // A minute early nothing happens; on time the next attempt is made.
        t.clock.set(new Date(row.nextAttemptAt.getTime() - MINUTE / 2));
        expect(await runMailWorker(t.ctx, transport, log)).toEqual(NOTHING);
        t.clock.set(row.nextAttemptAt);
      }
      expect(delaysInMinutes).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 240, 240, 240, 240, 240]);
      expect(delaysInMinutes.reduce((a, b) => a + b) / 60).toBeCloseTo(24.25);

      expect(await runMailWorker(t.ctx, transport, log)).toEqual({ ...NOTHING, failed: 1 });
      const failed = await rowFor(user.email);
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: MAIL_RETRY.maxAttempts,
        sentAt: null,
        text: '',
        html: '',
      });
      // The SMTP reply quoted the address; what is stored has it cut out.
      expect(failed.lastError).toContain('<recipient>: Recipient address rejected');
      expect(failed.lastError!.toLowerCase()).not.toContain(user.email.split('@')[0]);
      t.clock.advance(48 * HOUR);
      expect(await runMailWorker(t.ctx, transport, log)).toEqual(NOTHING);
      expect(smtp.received).toEqual([]);

      const logged = text();
      expect(logged).toContain('mail attempt failed, will retry');
      expect(logged).toContain('mail failed, giving up');
      expect(logged).toContain(`"mailId":${failed.id}`);
      expect(logged).toContain('"purpose":"reset"');
      expect(logged).toContain(`"recipientHash":"${sha256(user.email).slice(0, 12)}"`);
      for (const secret of [
        user.email.split('@')[0]!,
        'example.test',
        'Zebedee',
        'Quixotic',
        'reset-password/',
      ]) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await smtp.close();
    }
  });
});
