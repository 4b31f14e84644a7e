import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { TLoginResponse } from '@hep/shared/schemas/auth';
import { PASSKEY_MESSAGES, type TPasskeySignIn } from '@hep/shared/schemas/passkeys';
import type { AppContext } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError } from '../../lib/app-error';
import { assertMaySignIn, startSession } from '../auth/sign-in.service';
import { CHALLENGE_TTL_MS, challengeOf, challengeRow, userHandleOf } from './challenges';
import {
  consumeChallenge,
  findPasskeyWithAccount,
  insertChallenge,
  markPasskeyUsed,
} from './passkeys.repository';
import type { RelyingParty } from './relying-party';

/** One answer for an unknown passkey, a bad signature, a used or expired challenge: no hint of which. */
const signInFailed = () => new AppError(401, 'passkey_failed', PASSKEY_MESSAGES.signInFailed);

/** Options for navigator.credentials.get(): no credentials listed, so the browser offers the user's passkeys. */
export async function signInOptions(ctx: AppContext, rp: RelyingParty) {
  // Loaded with the first ceremony, not at start-up (docs/decisions/014-embedded-memory.md).
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  const now = ctx.now();
  await insertChallenge(ctx.db, challengeRow(options.challenge, 'sign_in', null, now), now);
  return options;
}

const sameUser = (userHandle: string | undefined, userId: number) =>
  userHandle === undefined || Buffer.from(userHandle, 'base64url').equals(Buffer.from(userHandleOf(userId)));

/**
 * A passkey sign-in: the challenge is used up, the signature checked against the stored key, and then the same
 * gates and answer as a password login (lock after wrong passwords, deactivation, tokens, terms flag).
 */
export async function signInWithPasskey(
  ctx: AppContext,
  body: TPasskeySignIn,
  rp: RelyingParty,
  meta: RequestMeta,
): Promise<TLoginResponse> {
  const { response } = body;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (
    !challenge ||
    !(await consumeChallenge(ctx.db, { challenge, purpose: 'sign_in', userId: null }, ctx.now()))
  )
    throw signInFailed();
  const found = await findPasskeyWithAccount(ctx.db, response.id);
  if (!found || !sameUser(response.response.userHandle, found.account.id)) throw signInFailed();
  const { passkey, account } = found;
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  const verified = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpIDs,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw signInFailed();
  await assertMaySignIn(ctx, account);
  // A racing replay with the same counter loses here even if both passed the check above.
  const counter = verified.authenticationInfo.newCounter;
  if (!(await markPasskeyUsed(ctx.db, passkey.id, counter, ctx.now()))) throw signInFailed();
  return startSession(ctx, account, meta, 'passkey');
}
