import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { insertUser } from './modules/users/users.repository';
import { buildClinic, buildTherapist, TEST_PASSWORD } from '../test/factories';
import { buildFeedbackSetup, feedbackFields, submitFeedback } from '../test/feedback-factories';
import { tempDataDir } from '../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../test/helper';

let t: TestApp;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An app like the server's, logging everything (trace) into `lines`. */
async function loggedApp() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
  const app = await buildApp(t.ctx, { webDist: null, logger: { ...loggerOptions('trace'), stream } });
  return { app, text: () => lines.join('') };
}

// docs/product/security-and-privacy.md#logs
describe('server logs', () => {
  it('hold no email address, name, feeling or token through a day of requests and failures', async () => {
    const { app, text } = await loggedApp();
    const clinicId = await buildClinic(t.ctx);
    const therapistEmail = `octavia.brightwater.${Date.now()}@example.test`;
    await buildTherapist(t.ctx, clinicId, {
      email: therapistEmail,
      firstName: 'Octavia',
      lastName: 'Brightwater',
    });
    const clientEmail = `philippa.quennell.${Date.now()}@example.test`;
    const client = { first_name: 'Philippa', last_name: 'Quennellmarsh', email: clientEmail };
    const feeling = 'My left knee throbbed after the stairs';
    const ip = nextIp();
    /** Tokens seen on the way, which must not reach the log either. */
    const secrets: string[] = [];
    const send = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => app.inject({ method, url, payload, headers, remoteAddress: ip });

    // Two deliberate failures the way they happen in production: an unexpected unique violation from a query
    // (Drizzle's error carries the parameters, PostgreSQL's `detail` the address), thrown as it is or unwrapped,
    // and a mail failure logged with the raw error.
    const duplicateInsert = () =>
      insertUser(t.ctx.db, {
        email: clientEmail,
        firstName: client.first_name,
        lastName: client.last_name,
        passwordHash: null,
      });
    app.post('/api/test-only/duplicate/', async () => duplicateInsert());
    app.post('/api/test-only/duplicate-cause/', async () => {
      try {
        return await duplicateInsert();
      } catch (error) {
        throw (error as Error).cause ?? error;
      }
    });
    app.post('/api/test-only/mail-failure/', async (request) => {
      request.log.error(
        { err: new Error(`550 5.1.1 <${clientEmail}>: Recipient address rejected`) },
        'activation mail failed',
      );
      return { ok: true };
    });

    try {
      const login = await send('POST', '/api/login/', { email: therapistEmail, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(200);
      const { access } = login.json<{ access: string }>();
      secrets.push(access, access.split('.')[1]!);
      const auth = { authorization: `Bearer ${access}` };

      const form = {
        ...client,
        date_of_birth: '1951-02-04',
        mobile: '0400 123 456',
        condition: 'Multiple Sclerosis',
      };
      const added = await send('POST', '/api/users/add/', form, auth);
      expect(added.statusCode).toBe(201);
      expect(
        (
          await send(
            'GET',
            `/api/users/clients/?search=${client.first_name}%20${client.last_name}`,
            undefined,
            auth,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (await send('GET', `/api/check-email/?email=${encodeURIComponent(clientEmail)}`, undefined, auth))
          .statusCode,
      ).toBeLessThan(500);
      const duplicate = await send('POST', '/api/users/add/', form, auth);
      expect(duplicate.statusCode).toBe(409);

      const { program, clientSession } = await buildFeedbackSetup(t);
      secrets.push(clientSession.access.split('.')[1]!);
      const feedback = await submitFeedback({ ...t, app }, clientSession, {
        ...feedbackFields(t.ctx, program.exerciseIds[0]!),
        feeling,
      });
      expect(feedback.statusCode).toBe(201);

      const clientLog = await send('POST', '/api/logs/', {
        level: 'error',
        message: `Could not save ${clientEmail} (Access denied to /clients?search=${client.first_name})`,
        error: `Error: 409 for ${clientEmail}`,
        url: `http://app.test/clients?search=${client.last_name}#${clientEmail}`,
        correlation_id: clientEmail,
      });
      expect(clientLog.statusCode).toBe(204);

      for (const url of ['/api/test-only/duplicate/', '/api/test-only/duplicate-cause/']) {
        const failed = await send('POST', url);
        expect(failed.statusCode).toBe(500);
      }
      expect((await send('POST', '/api/test-only/mail-failure/')).statusCode).toBe(200);
    } finally {
      await app.close();
    }

    const output = text();
    // The log did record the sequence, and the failures in a form that still helps.
    expect(output).toContain('"url":"/api/users/clients/?search=[redacted]"');
    expect(output).toContain('unexpected error');
    expect(output).toContain('23505');
    expect(output).toContain('users_email_lower_idx');
    expect(output).toContain('activation mail failed');
    expect(output).toContain('Recipient address rejected');
    for (const secret of [
      therapistEmail,
      clientEmail,
      encodeURIComponent(clientEmail),
      'Octavia',
      'Brightwater',
      client.first_name,
      client.last_name,
      feeling,
      'knee',
      TEST_PASSWORD,
      ...secrets,
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).not.toMatch(/[\w.+-]+(@|%40)example\.test/i);
  });
});
