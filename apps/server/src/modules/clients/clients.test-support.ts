import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log';
import { clientProfiles, users } from '../../db/schema/users';
import { login, type Session, type TestUser } from '../../../test/factories';
import { nextIp, type TestApp } from '../../../test/helper';

// The forms and calls the clients tests share (clients-*.test.ts).

let emailCounter = 0;
/** An address no other test uses. */
export const newEmail = () => `new-client-${Date.now()}-${(emailCounter += 1)}@example.test`;

/** POST /users/add/'s form for a new client. */
export const addForm = (changes: Record<string, unknown> = {}) => ({
  first_name: 'Rosa',
  last_name: 'Parks',
  date_of_birth: '1951-02-04',
  email: newEmail(),
  mobile: '0400 123 456',
  condition: 'Multiple Sclerosis',
  ...changes,
});

/** PUT /users/edit_client/'s form for `client`, every field given. */
export const editForm = (client: { id: number; email: string }, changes: Record<string, unknown> = {}) => ({
  id: client.id,
  first_name: 'Mary',
  last_name: 'Seacole',
  date_of_birth: '1955-11-23',
  email: client.email,
  mobile: '0411 222 333',
  condition: "Parkinson's Disease",
  receives_sms: true,
  receives_email: true,
  ...changes,
});

/** The link of an activation or password reset mail. */
export const resetLinkIn = (text: string) => {
  const match = text.match(/http:\/\/app\.test\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no link in: ${text}`);
  return { uid: match[1]!, token: match[2]! };
};

/** The clients calls against the file's app (`app()`: built in its beforeAll). */
export function clientsCalls(app: () => TestApp) {
  const add = (session: Session | null, payload: object, remoteAddress = nextIp()) =>
    app().app.inject({
      method: 'POST',
      url: '/api/users/add/',
      headers: session?.headers ?? {},
      payload,
      remoteAddress,
    });
  const put = (
    session: Session | null,
    payload: object,
    remoteAddress = nextIp(),
    url = '/api/users/edit_client/',
  ) => app().app.inject({ method: 'PUT', url, headers: session?.headers ?? {}, payload, remoteAddress });
  return {
    add,
    addAs: async (user: TestUser, payload: object) => add(await login(app(), user), payload),
    put,
    editAs: async (user: TestUser, payload: object) => put(await login(app(), user), payload),
    detailsAs: async (user: TestUser, id: number | string, trailingSlash = true) => {
      const session = await login(app(), user);
      return app().app.inject({
        method: 'GET',
        url: `/api/users/client_details${trailingSlash ? '/' : ''}?id=${id}`,
        headers: session.headers,
      });
    },
    /** The audit rows the request that answered `res` wrote. */
    auditRowsOf: (res: { headers: Record<string, unknown> }) =>
      app()
        .ctx.db.select()
        .from(auditLog)
        .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id']))),
    loginStatus: async (email: string, password: string) =>
      (
        await app().app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { email, password },
          remoteAddress: nextIp(),
        })
      ).statusCode,
    /** The user and their client profile, as stored. */
    userRow: async (id: number) => {
      const [row] = await app()
        .ctx.db.select({ user: users, profile: clientProfiles })
        .from(users)
        .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
        .where(eq(users.id, id));
      return row!;
    },
  };
}
