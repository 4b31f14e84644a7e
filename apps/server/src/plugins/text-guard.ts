import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { invalid, invalidTextField } from '../lib/field-errors';

/** Refuses the request when its path parameters, query or JSON body hold text no field may hold. */
const refuseInvalidText: preValidationHookHandler = (request, _reply, done) => {
  const fields =
    invalidTextField(request.params) ?? invalidTextField(request.query) ?? invalidTextField(request.body);
  done(fields ? invalid(fields) : undefined);
};

/**
 * A NUL character or half a surrogate pair in any field answers 400 naming the field
 * (docs/product/security-and-privacy.md#input-checks), not a 500 from PostgreSQL or a silently mangled record. Every
 * route gets the check, so none can forget it: it runs after the route's own preValidation hooks (the auth guards: a
 * stranger still gets 401 first) and before its schema, on the values as they were sent. Multipart fields are checked
 * as they are read (lib/multipart-form.ts, field-errors.ts). Register before any route.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(own) ? own : [own]), refuseInvalidText];
  });
}
