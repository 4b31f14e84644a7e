import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckEmail,
  ZCheckEmailResponse,
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
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as auth from './auth.service';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['auth'];

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
      try {
        const result = await auth.refresh(ctx, request.body?.refresh ?? refreshCookieOf(request));
        setRefreshCookie(reply, ctx.config, result.refresh);
        return result;
      } catch (error) {
        clearRefreshCookie(reply, ctx.config);
        throw error;
      }
    },
  );

  app.post('/logout/', { schema: { tags }, preValidation: guards.user }, async (request, reply) => {
    await auth.logout(ctx, callerOf(request), requestMeta(request));
    clearRefreshCookie(reply, ctx.config);
    return reply.status(204).send();
  });

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
    async (request) => auth.checkEmail(ctx, callerOf(request), request.body.email),
  );
};
