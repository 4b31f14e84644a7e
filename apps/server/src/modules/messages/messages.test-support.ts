import type { TestApp } from '../../../test/helper';
import { login, type TestUser } from '../../../test/factories';

/** Calls one messages route as `user` (null: signed out). */
export async function call(
  t: TestApp,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const auth = user ? (await login(t, user)).headers : {};
  return t.app.inject({ method, url, payload, headers: { ...auth, ...headers } });
}

export const send = (
  t: TestApp,
  user: TestUser | null,
  clientId: number,
  payload: object,
  headers: Record<string, string> = {},
) => call(t, user, 'POST', `/api/clients/${clientId}/messages/`, payload, headers);
