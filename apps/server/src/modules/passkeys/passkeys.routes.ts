import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLoginResponse } from '@hep/shared/schemas/auth';
import {
  ZAuthenticationOptions,
  ZPasskey,
  ZPasskeyList,
  ZPasskeyRegister,
  ZPasskeySignIn,
  ZRegistrationOptions,
} from '@hep/shared/schemas/passkeys';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { registerRefreshCookie, setRefreshCookie } from '../auth/sign-in.service';
import { signInOptions, signInWithPasskey } from './passkey-sign-in.service';
import * as passkeys from './passkeys.service';
import { relyingPartyOf } from './relying-party';

/** A WebAuthn answer is a few kilobytes; anything bigger is not a browser talking. */
const BODY_LIMIT = 64 * 1024;
/**
 * Sign-in options are asked on every visit to the login page (for autofill), so they get more room than sign-in
 * itself; each one stores a challenge, so they are still limited.
 */
const OPTIONS_LIMIT = { max: 300, timeWindow: '15 minutes' } as const;
const ZId = z.object({ id: z.coerce.number().int().positive() });

/**
 * Passkeys (WebAuthn, docs/product/accounts.md#passkeys): adding, listing and removing one's own, and signing in with
 * one.
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['passkeys'];
  await registerRefreshCookie(app);
  const rpOf = (request: FastifyRequest) =>
    relyingPartyOf(ctx.config, {
      origin: request.headers.origin,
      protocol: request.protocol,
      host: request.host,
    });

  app.post(
    '/passkeys/register/options/',
    {
      schema: { tags, summary: 'Options to add a passkey', response: { 200: ZRegistrationOptions } },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request) => passkeys.registrationOptions(ctx, callerOf(request), rpOf(request)),
  );

  app.post(
    '/passkeys/register/',
    {
      schema: { tags, summary: 'Adds a passkey', body: ZPasskeyRegister, response: { 201: ZPasskey } },
      preValidation: guards.user,
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      const passkey = await passkeys.registerPasskey(
        ctx,
        callerOf(request),
        request.body,
        rpOf(request),
        request.headers['user-agent'],
        requestMeta(request),
      );
      return reply.status(201).send(passkey);
    },
  );

  app.get(
    '/passkeys/',
    {
      schema: { tags, summary: "The caller's passkeys", response: { 200: ZPasskeyList } },
      preValidation: guards.user,
    },
    async (request) => passkeys.listPasskeys(ctx, callerOf(request)),
  );

  app.delete(
    '/passkeys/:id/',
    {
      schema: { tags, summary: "Removes one of the caller's passkeys", params: ZId },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      await passkeys.removePasskey(ctx, callerOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/passkeys/sign-in/options/',
    {
      schema: {
        tags,
        summary: 'Options to sign in with a passkey',
        response: { 200: ZAuthenticationOptions },
      },
      config: { rateLimit: OPTIONS_LIMIT },
    },
    async (request) => signInOptions(ctx, rpOf(request)),
  );

  app.post(
    '/passkeys/sign-in/',
    {
      schema: {
        tags,
        summary: 'Signs in with a passkey; answers as POST /login/ does',
        body: ZPasskeySignIn,
        response: { 200: ZLoginResponse },
      },
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: LIMIT.login },
    },
    async (request, reply) => {
      const result = await signInWithPasskey(ctx, request.body, rpOf(request), requestMeta(request));
      setRefreshCookie(reply, ctx.config, result.refresh);
      return result;
    },
  );
};
