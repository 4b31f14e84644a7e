import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangePassword,
  ZChangePasswordResponse,
  ZCheckEmail,
  ZCheckEmailResponse,
  ZConfirmEmail,
  ZConfirmEmailResponse,
  ZLogin,
  ZLoginResponse,
  ZRefresh,
  ZRefreshResponse,
  ZResetConfirm,
  ZResetConfirmResponse,
  ZResetRequest,
  ZResetValidateQuery,
  ZResetValidateResponse,
  ZTerms,
} from '@hep/shared/schemas/auth';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf, sessionOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as auth from './auth.service';
import { confirmEmailChange } from './confirm-email.service';
import { changeOwnPassword } from './password-change.service';
import { assertSameOrigin } from './same-origin';
import {
  clearRefreshCookie,
  refreshCookieOf,
  registerRefreshCookie,
  setRefreshCookie,
} from './refresh-cookie';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['auth'];
  await registerRefreshCookie(app);

  app.post(
    '/login/',
    { schema: { tags, body: ZLogin, response: { 200: ZLoginResponse } }, config: { rateLimit: LIMIT.login } },
    async (request, reply) => {
      const result = await auth.login(ctx, request.body, requestMeta(request));
      setRefreshCookie(reply, ctx.config, result.refresh);
      return result;
    },
  );

  app.post(
    '/token/refresh/',
    {
      schema: { tags, body: ZRefresh.nullish(), response: { 200: ZRefreshResponse } },
      config: { rateLimit: LIMIT.refresh },
    },
    async (request, reply) => {
      // The web app relies on the cookie, which a browser also sends from another origin of the same site.
      const bodyToken = request.body?.refresh;
      if (!bodyToken) assertSameOrigin(request, ctx.config);
      try {
        const result = await auth.refresh(ctx, bodyToken ?? refreshCookieOf(request));
        setRefreshCookie(reply, ctx.config, result.refresh);
        return result;
      } catch (error) {
        clearRefreshCookie(reply, ctx.config);
        throw error;
      }
    },
  );

  // This device's session. With an access token, the session it was issued to; with only the refresh cookie (the
  // access token already gone), the cookie's session, and then the request must come from this site.
  app.post(
    '/logout/',
    {
      schema: {
        tags,
        summary: "Ends this device's session (the access token's, or else the refresh cookie's)",
      },
      preValidation: async (request) => {
        if (request.headers.authorization) return guards.user(request);
        assertSameOrigin(request, ctx.config);
      },
    },
    async (request, reply) => {
      if (request.caller) await auth.logout(ctx, callerOf(request), sessionOf(request), requestMeta(request));
      else await auth.logoutWithRefreshToken(ctx, refreshCookieOf(request), requestMeta(request));
      clearRefreshCookie(reply, ctx.config);
      return reply.status(204).send();
    },
  );

  const logoutAll = { tags, summary: 'Sign out of all devices: ends every session of the user' };
  app.post('/logout/all/', { schema: logoutAll, preValidation: guards.user }, async (request, reply) => {
    await auth.logoutEverywhere(ctx, callerOf(request), requestMeta(request));
    clearRefreshCookie(reply, ctx.config);
    return reply.status(204).send();
  });

  app.post(
    '/users/me/password/',
    {
      schema: {
        tags,
        summary: "Changes the signed-in user's password (current password needed); ends every session",
        body: ZChangePassword,
        response: { 200: ZChangePasswordResponse },
      },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.login },
    },
    async (request, reply) => {
      const result = await changeOwnPassword(ctx, callerOf(request), request.body, requestMeta(request));
      // Every session ended with the change, this one too.
      clearRefreshCookie(reply, ctx.config);
      return result;
    },
  );

  app.post(
    '/confirm-email/',
    {
      schema: {
        tags,
        summary: 'Uses the link an email change sent to the new address; ends every session of the user',
        body: ZConfirmEmail,
        response: { 200: ZConfirmEmailResponse },
      },
      config: { rateLimit: LIMIT.resetConfirm },
    },
    async (request) => confirmEmailChange(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/reset-password/',
    {
      schema: {
        tags,
        body: ZResetRequest,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
      config: { rateLimit: LIMIT.resetRequest },
    },
    async (request) => auth.requestPasswordReset(ctx, request.body.email, request.log),
  );

  app.get(
    '/reset-password/validate/',
    {
      schema: { tags, querystring: ZResetValidateQuery, response: { 200: ZResetValidateResponse } },
      config: { rateLimit: LIMIT.resetConfirm },
    },
    async (request) => auth.validateResetLink(ctx, request.query.uid, request.query.token),
  );

  app.post(
    '/reset-password-confirm/',
    {
      schema: { tags, body: ZResetConfirm, response: { 200: ZResetConfirmResponse } },
      config: { rateLimit: LIMIT.resetConfirm },
    },
    async (request) => auth.confirmPasswordReset(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/terms/',
    {
      schema: { tags, body: ZTerms, response: { 200: z.object({ agreed: z.literal(true) }) } },
      preValidation: guards.user,
    },
    async (request) => auth.acceptTerms(ctx, callerOf(request), request.body, requestMeta(request)),
  );

  app.post(
    '/check-email/',
    {
      schema: { tags, body: ZCheckEmail, response: { 200: ZCheckEmailResponse } },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.checkEmail },
    },
    async (request) => auth.checkEmail(ctx, callerOf(request), request.body),
  );
};
