import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareTeam } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { encodeUid } from '../auth/password-links.service';
import { createMailTransport } from './mail-transport';
import { unfinishedWorkDone } from '../../lib/unfinished-work';
import { runMailWorker } from './mail-worker';

const FROM = 'Home Exercise Program <no-reply@app.test>';

/** Undoes quoted-printable soft line breaks and escapes, so a long link reads as one string. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const requestReset = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email }, remoteAddress: nextIp() });

describe('mail through a real SMTP server', () => {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: os.tmpdir(),
    });
    t = await createTestApp({}, { transport });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the reset mail with the recipient, the subject and the link', async () => {
    const { client } = await buildCareTeam(t.ctx);

    const res = await requestReset(t, client.email);

    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(0);
    expect(await t.deliverMail()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([client.email]);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(new RegExp(`^To: ${client.email}\\r?$`, 'm'));
    expect(text).toMatch(/^From: Home Exercise Program <no-reply@app\.test>\r?$/m);
    expect(text).toMatch(/^Subject: Reset your password\r?$/m);
    expect(text).toMatch(
      new RegExp(`http://app\\.test/reset-password/${encodeUid(client.id)}/[A-Za-z0-9_-]{40,}`),
    );
  });

  it('sends nothing for an unknown address', async () => {
    const before = received.length;
    expect((await requestReset(t, 'nobody-at-all@example.test')).statusCode).toBe(200);
    expect(await t.deliverMail()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(received.length).toBe(before);
  });
});

describe('mail without SMTP (the outbox)', () => {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'hep-outbox-'));
  const logLines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { transport: createMailTransport({ from: FROM, outboxDir }) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file and logs it without the address or the body', async () => {
    const { therapist } = await buildCareTeam(t.ctx);

    expect((await requestReset(t, therapist.email)).statusCode).toBe(200);
    await unfinishedWorkDone();
    await runMailWorker(t.ctx, createMailTransport({ from: FROM, outboxDir }), log);

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = decodeQuotedPrintable(readFileSync(path.join(outboxDir, files[0]!), 'utf8'));
    expect(eml).toMatch(new RegExp(`^To: ${therapist.email}$`, 'm'));
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    const link = eml.match(/http:\/\/app\.test\/reset-password\/[A-Za-z0-9_-]+\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();

    const logged = logLines.join('');
    expect(logged).toContain('mail written to outbox');
    expect(logged).toContain('"purpose":"reset"');
    expect(logged).toContain(files[0]);
    expect(logged).not.toContain(therapist.email);
    expect(logged).not.toContain(link![1]);
  });
});
