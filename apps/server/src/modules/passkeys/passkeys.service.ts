import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import {
  MAX_PASSKEYS_PER_USER,
  PASSKEY_MESSAGES,
  type TPasskey,
  type TPasskeyRegister,
} from '@hep/shared/schemas/passkeys';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { CHALLENGE_TTL_MS, challengeOf, challengeRow, userHandleOf } from './challenges';
import { deviceName } from './device-name';
import {
  consumeChallenge,
  countPasskeysOfUser,
  deleteOwnPasskey,
  findPasskeysOfUser,
  insertChallenge,
  insertPasskey,
} from './passkeys.repository';
import type { RelyingParty } from './relying-party';

const toPasskey = (row: {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): TPasskey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const registerFailed = () => new AppError(400, 'passkey_not_added', PASSKEY_MESSAGES.registerFailed);

async function assertRoomForAnother(ctx: AppContext, userId: number) {
  if ((await countPasskeysOfUser(ctx.db, userId)) >= MAX_PASSKEYS_PER_USER)
    throw badRequest(PASSKEY_MESSAGES.tooMany);
}

/** Options for navigator.credentials.create(): a discoverable passkey, none of the caller's own again. */
export async function registrationOptions(ctx: AppContext, caller: Caller, rp: RelyingParty) {
  await assertRoomForAnother(ctx, caller.id);
  const existing = await findPasskeysOfUser(ctx.db, caller.id);
  // Loaded with the first ceremony, not at start-up (docs/decisions/014-embedded-memory.md).
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const options = await generateRegistrationOptions({
    rpName: AUTH_TEXTS.appName,
    rpID: rp.rpID,
    userName: caller.email,
    userDisplayName: caller.firstName,
    userID: userHandleOf(caller.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const now = ctx.now();
  await insertChallenge(ctx.db, challengeRow(options.challenge, 'register', caller.id, now), now);
  return options;
}

/** Checks the browser's answer against a challenge this user was given (used up here) and saves the passkey. */
export async function registerPasskey(
  ctx: AppContext,
  caller: Caller,
  body: TPasskeyRegister,
  rp: RelyingParty,
  userAgent: string | undefined,
  meta: RequestMeta,
): Promise<TPasskey> {
  const challenge = challengeOf(body.response.response.clientDataJSON);
  const now = ctx.now();
  if (
    !challenge ||
    !(await consumeChallenge(ctx.db, { challenge, purpose: 'register', userId: caller.id }, now))
  )
    throw registerFailed();
  await assertRoomForAnother(ctx, caller.id);
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  const verified = await verifyRegistrationResponse({
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpIDs,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw registerFailed();
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const row = await insertPasskey(ctx.db, {
    userId: caller.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: deviceName(userAgent),
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.alreadyAdded);
    throw error;
  });
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'create', { entity: 'passkey', ids: [row.id], subjectUserId: caller.id }, meta),
  );
  return toPasskey(row);
}

export async function listPasskeys(ctx: AppContext, caller: Caller): Promise<TPasskey[]> {
  return (await findPasskeysOfUser(ctx.db, caller.id)).map(toPasskey);
}

/** Removes one of the caller's passkeys; someone else's answers 404 as if it did not exist. */
export async function removePasskey(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const removed = await deleteOwnPasskey(ctx.db, caller.id, id);
  if (removed === null) throw notFound(PASSKEY_MESSAGES.notFound);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'delete', { entity: 'passkey', ids: [removed], subjectUserId: caller.id }, meta),
  );
}
