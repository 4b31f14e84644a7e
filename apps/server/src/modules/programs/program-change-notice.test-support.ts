import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, login, type Session, type TestUser } from '../../../test/factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { sendForm } from '../../../test/program-factories';
import { unfinishedWorkDone } from '../../lib/unfinished-work';
import { upsertSubscription } from '../push/push.repository';
import { startTestPushService, type TestPushService } from '../push/push-service.test-support';
import { type BrowserKeys, createBrowserKeys, decryptPushBody } from '../push/web-push-decrypt.test-support';
import { updateUserFields } from '../users/users.repository';

/** The names a notice must never carry (no health data on a lock screen or in a mailbox). */
export const PROGRAM_NAME = 'Left knee rehabilitation';
export const EXERCISE_NAMES = ['Sit to stand', 'Heel raises'];

/** A published program as the form sends it. */
export const programFields = (clientId: number, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  name: PROGRAM_NAME,
  start_date: '2031-03-03',
  end_date: '2031-04-28',
  is_draft: 'false',
  days_of_week: ['MON', 'WED', 'FRI'],
  exercises: EXERCISE_NAMES.map((name) => ({ name, instructions: `${name}, ten times.` })),
  ...extra,
});

/**
 * A test file's app (private push endpoints allowed), its loopback push service, and helpers to save programs and
 * read what a client was told.
 */
export function useNoticeTestBed() {
  const dataDir = tempDataDir();
  const state = {
    t: undefined as unknown as TestApp,
    push: undefined as unknown as TestPushService,
  };
  const bed = Object.assign(state, {
    /** A care team whose client has one browser subscribed on `service` (unless `push` is false). */
    async team(options: { receivesEmail?: boolean; push?: boolean; service?: TestPushService } = {}) {
      const { therapist, client } = await buildCareTeam(state.t.ctx);
      const keys = createBrowserKeys();
      let endpoint: string | null = null;
      if (options.push ?? true) {
        endpoint = (options.service ?? state.push).newEndpoint();
        const { p256dh, auth } = keys;
        await upsertSubscription(state.t.ctx.db, client.id, { endpoint, p256dh, auth }, 10);
      }
      await updateUserFields(state.t.ctx.db, client.id, { receivesEmail: options.receivesEmail ?? true });
      return { therapist, client, keys, endpoint, session: await login(state.t, therapist) };
    },

    /** Moves the app's clock on, and signs the therapist in again (access tokens are short-lived on that clock). */
    async later(ms: number, therapist: TestUser): Promise<Session> {
      state.t.clock.advance(ms);
      return login(state.t, therapist);
    },

    create: (session: Session, fields: Record<string, unknown>) =>
      sendForm(state.t, session, 'POST', '/api/programs/', fields),
    update: (session: Session, id: number, fields: Record<string, unknown>) =>
      sendForm(state.t, session, 'PUT', `/api/programs/${id}/`, fields),

    /** The decrypted pushes the browser received, once the pushes started after each save have ended. */
    async pushesTo(
      endpoint: string | null,
      keys: BrowserKeys,
      service: TestPushService = state.push,
    ): Promise<string[]> {
      await unfinishedWorkDone();
      return endpoint ? service.receivedFor(endpoint).map((r) => decryptPushBody(r.body, keys)) : [];
    },
    /** The mails queued for the address, as the outbox holds them (before the worker blanks their bodies). */
    mailsTo: (email: string) =>
      state.t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)),
    notifiedAt: async (programId: number) =>
      (await state.t.ctx.db.select().from(programs).where(eq(programs.id, programId)))[0]!.changeNotifiedAt,
  });
  beforeAll(async () => {
    bed.t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1', DATA_DIR: dataDir });
    bed.push = await startTestPushService();
  });
  afterAll(async () => {
    await bed.t.close();
    await bed.push.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return bed;
}
