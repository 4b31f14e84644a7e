import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { nextIp, type TestApp } from '../../../test/helper';
import { createBrowserKeys } from './web-push-decrypt.test-support';

// The calls and data the push subscription tests share (push-subscriptions*.test.ts).

/** A public IP literal: passes the endpoint policy without DNS or the test flag. */
export const publicEndpoint = () => `https://93.184.216.34/push/${randomUUID()}`;

/** A browser's subscription: its endpoint and fresh keys. */
export const browser = (endpoint = publicEndpoint()) => {
  const keys = createBrowserKeys();
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
};

export const as = (session: Session | null) => (session ? { headers: session.headers } : {});

/** The subscription calls against the file's app (`app()`: built in its beforeAll). */
export function pushCalls(app: () => TestApp) {
  return {
    subscribe: (session: Session | null, payload: object, ip = nextIp()) =>
      app().app.inject({
        method: 'POST',
        url: '/api/push-subscriptions/',
        payload,
        remoteAddress: ip,
        ...as(session),
      }),
    check: (session: Session | null, endpoint: string) =>
      app().app.inject({
        method: 'GET',
        url: `/api/push-subscriptions/check/?endpoint=${encodeURIComponent(endpoint)}`,
        ...as(session),
      }),
    unsubscribe: (session: Session | null, endpoint: string, ip = nextIp()) =>
      app().app.inject({
        method: 'DELETE',
        url: `/api/push-subscriptions/?endpoint=${encodeURIComponent(endpoint)}`,
        remoteAddress: ip,
        ...as(session),
      }),
    rowFor: async (endpoint: string) =>
      (
        await app().ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
      )[0],
    /** A client of a new care team, signed in. */
    signedInClient: async () => {
      const { client, therapist } = await buildCareTeam(app().ctx);
      return { client, therapist, session: await login(app(), client) };
    },
  };
}
