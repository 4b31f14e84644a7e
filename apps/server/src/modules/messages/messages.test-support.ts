import type { TestApp } from '../../../test/helper';
import { callAs, login, type TestUser } from '../../../test/factories';
import { type MultipartPart, multipartBody } from '../../../test/fixtures/media-fixtures';
import { nextIp } from '../../../test/helper';

export const call = callAs;

export const send = (
  t: TestApp,
  user: TestUser | null,
  clientId: number,
  payload: object,
  headers: Record<string, string> = {},
) => call(t, user, 'POST', `/api/clients/${clientId}/messages/`, payload, headers);

/** A send as multipart: `fields` as text parts (each before the files, as the web app sends them), then `files`. */
export async function sendForm(
  t: TestApp,
  user: TestUser | null,
  clientId: number,
  fields: Record<string, string | number>,
  files: MultipartPart[] = [],
  headers: Record<string, string> = {},
) {
  const parts = Object.entries(fields).map(([name, value]) => ({ name, data: String(value) }));
  const body = multipartBody([...parts, ...files]);
  const auth = user ? (await login(t, user)).headers : {};
  return t.app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/messages/`,
    payload: body.payload,
    headers: { ...body.headers, ...auth, ...headers },
    remoteAddress: nextIp(),
  });
}
