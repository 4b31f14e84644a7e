import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { buildProgram } from '../../../test/program-factories';
import { inTransaction } from '../../lib/transaction';
import { unfinishedWorkDone } from '../../lib/unfinished-work';
import { createMailTransport } from '../mail/mail-transport';
import { runMailWorker } from '../mail/mail-worker';
import { closedPort, startTestSmtp } from '../mail/smtp-server.test-support';
import { upsertSubscription } from '../push/push.repository';
import { startTestPushService } from '../push/push-service.test-support';
import { createBrowserKeys } from '../push/web-push-decrypt.test-support';
import { deliverChangeNotice, queueChangeNotice } from './program-change-notice';
import {
  EXERCISE_NAMES,
  PROGRAM_NAME,
  programFields,
  useNoticeTestBed,
} from './program-change-notice.test-support';

const bed = useNoticeTestBed();
const NAMES = new RegExp([PROGRAM_NAME, ...EXERCISE_NAMES].join('|'), 'i');

const subscriptionOf = async (endpoint: string) =>
  (await bed.t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** A pino logger whose lines a test can read. */
function recordingLog() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
  return { log: pino({ level: 'info' }, stream), text: () => lines.join('') };
}

describe('a push service that is down, slow or says gone', () => {
  /** A browser of the client whose push service refuses connections. */
  async function subscribeDown(clientId: number) {
    const keys = createBrowserKeys();
    const endpoint = `http://127.0.0.1:${await closedPort()}/push/${randomUUID()}`;
    await upsertSubscription(bed.t.ctx.db, clientId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, 10);
    return endpoint;
  }

  it('never fails the save: the mail still goes, the subscription stays', async () => {
    const { client, session } = await bed.team({ push: false });
    const down = await subscribeDown(client.id);

    const res = await bed.create(session, programFields(client.id));
    expect(res.statusCode).toBe(201);
    await unfinishedWorkDone();
    expect(await bed.mailsTo(client.email)).toHaveLength(1);
    expect(await subscriptionOf(down)).toBeDefined();
  });

  it('logs a failed push by service and subscription, never the program, the exercises or the address', async () => {
    const { client } = await bed.team({ push: false });
    const down = await subscribeDown(client.id);
    const { log, text } = recordingLog();

    deliverChangeNotice(bed.t.ctx, { clientId: client.id, language: 'en', push: true, mailed: false }, log);
    await unfinishedWorkDone();

    expect(text()).toContain('push failed');
    expect(text()).toContain(new URL(down).origin);
    expect(text()).not.toContain(new URL(down).pathname);
    expect(text()).not.toMatch(NAMES);
    expect(text()).not.toContain(client.email);
  });

  it('answers the save without waiting for a slow push service', async () => {
    const slow = await startTestPushService({ delayMs: 4_000 });
    try {
      const { client, keys, endpoint, session } = await bed.team({ service: slow });
      const started = Date.now();
      const res = await bed.create(session, programFields(client.id));
      expect(res.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(await bed.pushesTo(endpoint, keys, slow)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const { client, endpoint, session } = await bed.team();
    bed.push.respond(endpoint!, 410);
    expect((await bed.create(session, programFields(client.id))).statusCode).toBe(201);
    await unfinishedWorkDone();
    expect(bed.push.receivedFor(endpoint!)).toHaveLength(1);
    expect(await subscriptionOf(endpoint!)).toBeUndefined();
  });
});

describe('the claim', () => {
  it('rolls back with the save: no mail queued, the hour not started', async () => {
    const { client, therapist } = await bed.team();
    const program = await buildProgram(bed.t.ctx, client.id, therapist.id);
    const failed = inTransaction(bed.t.ctx.db, async (tx) => {
      expect(await queueChangeNotice(bed.t.ctx, tx, program.id, bed.t.ctx.now())).not.toBeNull();
      throw new Error('the save failed after the claim');
    });
    await expect(failed).rejects.toThrow('the save failed after the claim');
    expect(await bed.mailsTo(client.email)).toEqual([]);
    expect(await bed.notifiedAt(program.id)).toBeNull();
  });

  it('is won by one of two saves at once (two nodes, two quick saves)', async () => {
    const { client, therapist } = await bed.team();
    const program = await buildProgram(bed.t.ctx, client.id, therapist.id);
    const claim = () =>
      inTransaction(bed.t.ctx.db, (tx) => queueChangeNotice(bed.t.ctx, tx, program.id, bed.t.ctx.now()));
    const results = await Promise.all([claim(), claim()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await bed.mailsTo(client.email)).toHaveLength(1);
  });
});

describe('the mail through a real SMTP server', () => {
  it('reaches the client with the plain subject and no program or exercise name', async () => {
    const smtp = await startTestSmtp();
    try {
      const { client, session } = await bed.team({ push: false });
      expect((await bed.create(session, programFields(client.id))).statusCode).toBe(201);
      const transport = createMailTransport({
        smtpUrl: smtp.url,
        from: 'HEP <no-reply@app.test>',
        outboxDir: os.tmpdir(),
      });
      await runMailWorker(bed.t.ctx, transport, pino({ level: 'silent' }));
      const [mail, ...more] = smtp.received.filter((m) => m.to.includes(client.email));
      expect(more).toEqual([]);
      expect(mail!.raw).toMatch(/^Subject: Your exercises were updated\r?$/m);
      expect(mail!.raw).toContain('Your therapist updated your exercises.');
      expect(mail!.raw).not.toMatch(NAMES);
    } finally {
      await smtp.close();
    }
  });
});
