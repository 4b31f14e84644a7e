import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLoginResponse } from '@hep/shared/schemas/auth';
import { PASSKEY_MESSAGES, ZAuthenticationOptions } from '@hep/shared/schemas/passkeys';
import { auditLog } from '../../db/schema/audit-log';
import { passkeys } from '../../db/schema/passkeys';
import { buildCareTeam, buildStaff, deactivate, login, type TestUser } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { LIMIT } from '../../plugins/rate-limit';
import { newAuthenticator, passkeyCalls, RP_ID } from './passkey-ceremonies.test-support';

let t: TestApp;
let api: ReturnType<typeof passkeyCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = passkeyCalls(t);
});
afterAll(() => t.close());

const FAILED = { error: PASSKEY_MESSAGES.signInFailed, code: 'passkey_failed' };

/** A user with a passkey on a software authenticator. */
async function withPasskey(user?: TestUser) {
  const account = user ?? (await buildCareTeam(t.ctx)).client;
  const authenticator = newAuthenticator();
  const added = await api.addPasskey(await login(t, account), authenticator);
  if (added.statusCode !== 201) throw new Error(`add passkey: ${added.body}`);
  return { account, authenticator, passkeyId: added.json().id as number };
}

const rowOf = async (id: number) => (await t.ctx.db.select().from(passkeys).where(eq(passkeys.id, id)))[0]!;

describe('POST /api/passkeys/sign-in/options/', () => {
  it('asks for any passkey of this site (no list, for autofill), without a token', async () => {
    const res = await api.signInOptions();
    expect(res.statusCode).toBe(200);
    const options = ZAuthenticationOptions.parse(res.json());
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'preferred', allowCredentials: [] });
    expect(options.challenge.length).toBeGreaterThanOrEqual(43);
  });
});

describe('POST /api/passkeys/sign-in/', () => {
  it('answers exactly as a password login, with a refresh cookie and tokens that work', async () => {
    const { account, authenticator } = await withPasskey();
    const res = await api.signInWith(authenticator);

    expect(res.statusCode).toBe(200);
    const body = ZLoginResponse.strict().parse(res.json());
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: account.email, password: account.password },
      remoteAddress: nextIp(),
    });
    const { access: _a, refresh: _r, ...rest } = password.json();
    expect(body).toMatchObject({
      ...rest,
      user_id: account.id,
      agreed: true,
      message: AUTH_TEXTS.loginSuccess,
    });
    const cookie = res.cookies.find((c) => c.name === 'hep_refresh');
    expect(cookie).toMatchObject({ value: body.refresh, httpOnly: true, sameSite: 'Strict', path: '/api/' });

    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${account.id}/`,
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: body.refresh },
    });
    expect(refreshed.statusCode).toBe(200);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'login', subjectUserId: account.id, details: { method: 'passkey' } }),
    ]);
  });

  it('moves the counter on and records when it was used', async () => {
    const { authenticator, passkeyId, account } = await withPasskey();
    t.clock.advance(60_000);
    expect((await api.signInWith(authenticator)).statusCode).toBe(200);
    const row = await rowOf(passkeyId);
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).toEqual(t.clock.now());
    const listed = (await api.list(await login(t, account))).json();
    expect(listed[0].last_used_at).toBe(t.clock.now().toISOString());

    expect((await api.signInWith(authenticator)).statusCode).toBe(200);
    expect((await rowOf(passkeyId)).counter).toBe(2);
  });

  it('refuses an authenticator whose counter went back (a cloned key)', async () => {
    const { authenticator } = await withPasskey();
    expect((await api.signInWith(authenticator)).statusCode).toBe(200);
    authenticator.setCounter(0);
    const res = await api.signInWith(authenticator);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
  });

  it('refuses a challenge used twice', async () => {
    const { authenticator } = await withPasskey();
    const options = (await api.signInOptions()).json();
    expect((await api.signIn(authenticator.signIn(options))).statusCode).toBe(200);
    const again = await api.signIn(authenticator.signIn(options));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(FAILED);
  });

  it('refuses a challenge after 5 minutes', async () => {
    const { authenticator } = await withPasskey();
    const options = (await api.signInOptions()).json();
    t.clock.advance(5 * 60 * 1000 + 1000);
    const res = await api.signIn(authenticator.signIn(options));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
  });

  it('refuses a challenge made up by the caller, or given for adding a passkey', async () => {
    const { authenticator, account } = await withPasskey();
    const madeUp = await api.signIn(authenticator.signIn({ challenge: 'bWFkZS11cC1jaGFsbGVuZ2U' }));
    expect(madeUp.json()).toEqual(FAILED);
    const registerOptions = (await api.registerOptions(await login(t, account))).json();
    const wrongPurpose = await api.signIn(authenticator.signIn(registerOptions));
    expect(wrongPurpose.statusCode).toBe(401);
  });

  it('refuses an answer made on another site or for another RP ID', async () => {
    const { authenticator } = await withPasskey();
    for (const overrides of [{ origin: 'https://evil.example' }, { rpID: 'evil.example' }]) {
      const options = (await api.signInOptions()).json();
      const res = await api.signIn(authenticator.signIn(options, overrides));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(FAILED);
      expect(res.cookies.find((c) => c.name === 'hep_refresh')).toBeUndefined();
    }
    // The page's Origin header says the same foreign site: still refused.
    const options = (await api.signInOptions()).json();
    const res = await api.signIn(authenticator.signIn(options, { origin: 'https://evil.example' }), {
      origin: 'https://evil.example',
    });
    expect(res.json()).toEqual(FAILED);
  });

  it('gives the same answer for an unknown passkey and a bad signature', async () => {
    const { authenticator } = await withPasskey();
    const unknown = await api.signInWith(newAuthenticator());
    const options = (await api.signInOptions()).json();
    const signed = authenticator.signIn(options);
    const signature = Buffer.from(signed.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 0xff;
    const tampered = await api.signIn({
      ...signed,
      response: { ...signed.response, signature: signature.toString('base64url') },
    });
    for (const res of [unknown, tampered]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(FAILED);
    }
  });

  it('refuses a passkey whose user handle names someone else', async () => {
    const { authenticator } = await withPasskey();
    const options = (await api.signInOptions()).json();
    const signed = authenticator.signIn(options);
    const res = await api.signIn({
      ...signed,
      response: { ...signed.response, userHandle: Buffer.from('999999').toString('base64url') },
    });
    expect(res.json()).toEqual(FAILED);
  });

  it('refuses a deactivated user as a password login does', async () => {
    const { authenticator, account } = await withPasskey();
    await deactivate(t.ctx, account.id);
    const res = await api.signInWith(authenticator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: AUTH_TEXTS.accountDeactivated, code: 'account_inactive' });
    expect(res.cookies.find((c) => c.name === 'hep_refresh')).toBeUndefined();
  });

  it('says agreed false before the terms are accepted, as a password login does', async () => {
    const { authenticator } = await withPasskey(await buildStaff(t.ctx, { agreedToTerms: false }));
    const res = await api.signInWith(authenticator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agreed: false, is_staff: true, is_therapist: 'false' });
  });

  it('is locked with the account after 10 wrong passwords, as a password login is', async () => {
    const { authenticator, account } = await withPasskey();
    for (let i = 0; i < 10; i += 1)
      await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: account.email, password: `wrong ${i}` },
        remoteAddress: nextIp(),
      });
    const res = await api.signInWith(authenticator);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: AUTH_TEXTS.tooManyLoginAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per client address with 429 and Retry-After, as login does', async () => {
    const { authenticator } = await withPasskey();
    const ip = nextIp();
    const stranger = newAuthenticator();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT.login.max; i += 1)
      statuses.push((await api.signIn(stranger.signIn({ challenge: 'Z3Vlc3M' }), { ip })).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);

    const blocked = await api.signInWith(authenticator, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.signInWith(authenticator)).statusCode).toBe(200);
  });

  it.each([
    ['no response', {}, 'response'],
    [
      'an answer without a signature',
      {
        response: {
          id: 'QQ',
          rawId: 'QQ',
          type: 'public-key',
          response: { clientDataJSON: 'QQ', authenticatorData: 'QQ' },
        },
      },
      'response.response.signature',
    ],
  ])('answers 400 for %s', async (_name, payload, field) => {
    const res = await api.call('POST', 'sign-in/', null, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: PASSKEY_MESSAGES.invalidResponse,
      code: 'validation_error',
      fields: { [field]: PASSKEY_MESSAGES.invalidResponse },
    });
  });
});
