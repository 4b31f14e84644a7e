import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PASSKEYS_PER_USER,
  PASSKEY_MESSAGES,
  ZPasskey,
  ZRegistrationOptions,
} from '@hep/shared/schemas/passkeys';
import { auditLog } from '../../db/schema/audit-log';
import { passkeyChallenges, passkeys } from '../../db/schema/passkeys';
import { buildCareTeam, buildStaff, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { newAuthenticator, ORIGIN, passkeyCalls, RP_ID } from './passkey-ceremonies.test-support';
import { createAuthenticator } from './software-authenticator.test-support';

let t: TestApp;
let api: ReturnType<typeof passkeyCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = passkeyCalls(t);
});
afterAll(() => t.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function signedInClient() {
  const team = await buildCareTeam(t.ctx);
  return { ...team, session: await login(t, team.client) };
}

describe('POST /api/passkeys/register/options/', () => {
  it('asks for a discoverable passkey on this site, for this user, excluding the ones they have', async () => {
    const { client, session } = await signedInClient();
    const first = await api.registerOptions(session);
    expect(first.statusCode).toBe(200);
    const options = ZRegistrationOptions.parse(first.json());
    expect(options.rp).toEqual({ id: RP_ID, name: 'Home Exercise Program' });
    expect(options.user).toMatchObject({ name: client.email, displayName: 'Client' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);

    const authenticator = newAuthenticator();
    expect((await api.addPasskey(session, authenticator)).statusCode).toBe(201);
    const second = ZRegistrationOptions.parse((await api.registerOptions(session)).json());
    expect(second.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    expect(second.challenge).not.toBe(options.challenge);
  });

  it('offers the configured RP ID, whatever Host and Origin a request names', async () => {
    const { session } = await signedInClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys/register/options/',
      headers: { ...session.headers, host: 'localhost:4173', origin: 'http://localhost:4173' },
    });
    // PUBLIC_URL here is not a loopback address, so localhost is not ours (relying-party.test.ts).
    expect(res.json().rp.id).toBe(RP_ID);
    // A foreign page gets our configured RP ID, which its passkeys can never match.
    const foreign = await api.registerOptions(session, { origin: 'https://evil.example' });
    expect(foreign.json().rp.id).toBe(RP_ID);
  });

  it('answers 401 without a token', async () => {
    const res = await api.registerOptions(null);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/passkeys/register/', () => {
  it('saves the passkey, named for the device, for any role, and lists it', async () => {
    const { therapist, session } = await signedInClient();
    const staff = await buildStaff(t.ctx);
    for (const s of [session, await login(t, therapist), await login(t, staff)]) {
      const res = await api.addPasskey(s, newAuthenticator(), { userAgent: ANDROID_CHROME });
      expect(res.statusCode).toBe(201);
      const body = ZPasskey.strict().parse(res.json());
      expect(body).toMatchObject({ name: 'Chrome on Android', last_used_at: null });
      expect(new Date(body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await api.list(s)).json()).toEqual([body]);
    }
  });

  it('stores the public key and counter and writes an audit row', async () => {
    const { client, session } = await signedInClient();
    const authenticator = newAuthenticator();
    const res = await api.addPasskey(session, authenticator);
    const [row] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.id, res.json().id));
    expect(row).toMatchObject({
      userId: client.id,
      credentialId: authenticator.credentialId,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Passkey',
    });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'create', targetType: 'passkey', subjectUserId: client.id }),
    ]);
  });

  it('refuses a challenge used twice, and uses it up', async () => {
    const { session } = await signedInClient();
    const options = (await api.registerOptions(session)).json();
    const authenticator = newAuthenticator();
    expect((await api.register(session, authenticator.register(options))).statusCode).toBe(201);
    const again = await api.register(session, newAuthenticator().register(options));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: PASSKEY_MESSAGES.registerFailed, code: 'passkey_not_added' });
    const left = await t.ctx.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.challenge, options.challenge));
    expect(left).toEqual([]);
  });

  it('refuses a challenge after 5 minutes', async () => {
    const { session } = await signedInClient();
    const options = (await api.registerOptions(session)).json();
    t.clock.advance(5 * 60 * 1000 + 1000);
    const res = await api.register(session, newAuthenticator().register(options));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PASSKEY_MESSAGES.registerFailed);
  });

  it("refuses another user's challenge", async () => {
    const { session, therapist } = await signedInClient();
    const options = (await api.registerOptions(await login(t, therapist))).json();
    const res = await api.register(session, newAuthenticator().register(options));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a passkey made on another site or for another RP ID', async () => {
    const { session } = await signedInClient();
    const wrongOrigin = newAuthenticator().register((await api.registerOptions(session)).json(), {
      origin: 'https://evil.example',
    });
    expect((await api.register(session, wrongOrigin)).statusCode).toBe(400);
    const wrongRp = createAuthenticator({ origin: ORIGIN, rpID: 'evil.example' });
    const other = wrongRp.register((await api.registerOptions(session)).json());
    expect((await api.register(session, other)).statusCode).toBe(400);
    expect((await api.list(session)).json()).toEqual([]);
  });

  it('answers 409 for a passkey already added', async () => {
    const { session } = await signedInClient();
    const authenticator = newAuthenticator();
    expect((await api.addPasskey(session, authenticator)).statusCode).toBe(201);
    const res = await api.addPasskey(session, authenticator);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(PASSKEY_MESSAGES.alreadyAdded);
  });

  it(`keeps at most ${MAX_PASSKEYS_PER_USER} passkeys per user`, async () => {
    const { session } = await signedInClient();
    for (let i = 0; i < MAX_PASSKEYS_PER_USER; i += 1)
      expect((await api.addPasskey(session, newAuthenticator())).statusCode).toBe(201);
    const res = await api.registerOptions(session);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PASSKEY_MESSAGES.tooMany);
  });

  it.each([
    ['no response', {}, 'response'],
    [
      'a credential that is not a passkey',
      { response: { id: 'eA', rawId: 'eA', response: {}, type: 'password' } },
      'response.type',
    ],
    [
      'an id that is not base64url',
      { response: { id: '***', rawId: 'eA', response: {}, type: 'public-key' } },
      'response.id',
    ],
    [
      'an answer without its attestation',
      { response: { id: 'eA', rawId: 'eA', response: { clientDataJSON: 'eA' }, type: 'public-key' } },
      'response.response.attestationObject',
    ],
  ])('answers 400 for %s', async (_name, payload, field) => {
    const { session } = await signedInClient();
    const res = await api.call('POST', 'register/', session, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: PASSKEY_MESSAGES.invalidResponse,
      code: 'validation_error',
      fields: { [field]: PASSKEY_MESSAGES.invalidResponse },
    });
  });

  it('answers 401 without a token', async () => {
    const res = await api.register(
      null,
      newAuthenticator().register({ challenge: 'abc', user: { id: 'MQ' } }),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/passkeys/ and DELETE /api/passkeys/{id}/', () => {
  it("lists only the caller's passkeys, oldest first", async () => {
    const { session, therapist } = await signedInClient();
    const first = (await api.addPasskey(session, newAuthenticator())).json();
    t.clock.advance(1000);
    const second = (await api.addPasskey(session, newAuthenticator())).json();
    await api.addPasskey(await login(t, therapist), newAuthenticator());
    expect((await api.list(session)).json()).toEqual([first, second]);
  });

  it('removes a passkey (204), writes an audit row, and answers 404 the second time', async () => {
    const { client, session } = await signedInClient();
    const added = (await api.addPasskey(session, newAuthenticator())).json();
    const res = await api.remove(session, added.id);
    expect(res.statusCode).toBe(204);
    expect((await api.list(session)).json()).toEqual([]);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'delete', targetType: 'passkey', subjectUserId: client.id }),
    ]);
    expect((await api.remove(session, added.id)).statusCode).toBe(404);
  });

  it("answers 404 for another user's passkey, even for staff, and leaves it", async () => {
    const { session, therapist } = await signedInClient();
    const theirs = await login(t, therapist);
    const added = (await api.addPasskey(theirs, newAuthenticator())).json();
    for (const s of [session, await login(t, await buildStaff(t.ctx))]) {
      const res = await api.remove(s, added.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: PASSKEY_MESSAGES.notFound, code: 'not_found' });
    }
    expect((await api.list(theirs)).json()).toEqual([added]);
  });

  it('answers 400 for an id that is not a number', async () => {
    const { session } = await signedInClient();
    expect((await api.call('DELETE', 'abc/', session)).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await api.list(null)).statusCode).toBe(401);
    expect((await api.remove(null, 1)).statusCode).toBe(401);
  });
});
