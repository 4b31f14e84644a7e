import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../context';
import { forbidden, unauthenticated } from '../lib/app-error';
import { verifyAccessToken } from '../modules/auth/access-tokens';
import { createCallerCache } from '../modules/auth/caller-cache';
import { onLocalWrite } from './local-writes';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** The session (refresh-token family) of the caller's access token; logout ends this one. */
    sessionId: string | null;
  }
}

type Role = 'staff' | 'therapist';

/**
 * Route `preValidation` hooks: after the rate limit (an onRequest hook) and before the body is validated, so a
 * stranger gets 401, not 400.
 * `user` admits any signed-in, active user; `therapist` admits therapists and staff; `staff` staff only.
 * The caller's account state comes from a per-process cache that the database's change notifications keep true on
 * every node (modules/auth/caller-cache.ts); it stops listening when the app closes.
 */
export function createAuthGuards(ctx: AppContext, app: Pick<FastifyInstance, 'addHook'>) {
  const callers = createCallerCache(ctx);
  app.addHook('onClose', () => callers.close());
  // A write this node made is seen by its next request, not only once the database's notification arrives.
  onLocalWrite(app, () => callers.forgetAll());

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) throw unauthenticated();
    const claims = verifyAccessToken(ctx.secretKey, token, ctx.now());
    if (!claims) throw unauthenticated(/*i18n*/ 'Your session has expired. Please log in again.');
    // The user, and whether the token's session is still open (logout ends it at once).
    const user = await callers.find(claims.userId, claims.sessionId);
    // Deactivation, "sign out of all devices" and a password or email change end every access token at once.
    if (!user || !user.isActive || !user.sessionOpen || user.sessionVersion !== claims.sessionVersion) {
      throw unauthenticated(/*i18n*/ 'Your session has expired. Please log in again.');
    }
    request.sessionId = claims.sessionId;
    request.caller = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      language: user.language,
      isStaff: user.isStaff,
      isTherapist: user.isTherapist,
      isCarer: user.isCarer,
      clinicId: user.clinicId ?? null,
    };
  }

  const withRole = (role: Role) => async (request: FastifyRequest) => {
    await authenticate(request);
    const caller = request.caller!;
    const allowed = role === 'staff' ? caller.isStaff : caller.isTherapist || caller.isStaff;
    if (!allowed) throw forbidden();
  };

  return { user: authenticate, therapist: withRole('therapist'), staff: withRole('staff') };
}
export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The session of the caller of a route behind a guard. */
export function sessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthenticated();
  return request.sessionId;
}

/** The caller of a route behind a guard. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated();
  return request.caller;
}
