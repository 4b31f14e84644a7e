import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { redactUrl } from './lib/redact-url';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createAuthGuards } from './plugins/auth';
import { correlationIdFor, registerCorrelationId } from './plugins/correlation-id';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDist?: string | null;
}

/** Pino options: never log secrets, tokens or bodies. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access',
        '*.refresh',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request fields, with password-link tokens taken out of the URL.
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Builds the whole app; never listens (server.ts does, tests use inject). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: correlationIdFor,
    logController: new LogController({ requestIdLogLabel: 'correlation_id' }),
    trustProxy: ctx.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);

  registerCorrelationId(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await registerRateLimit(app, ctx.config.REDIS_URL);
  await app.register(swagger, {
    openapi: { info: { title: 'Home exercise program API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  const spa =
    options.webDist === null ? false : await registerStaticSpa(app, options.webDist ?? defaultWebDist);
  registerErrorHandler(app, { spa });

  const guards = createAuthGuards(ctx);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx, guards });
      await api.register(usersRoutes, { ctx, guards });
      await api.register(logsRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
