import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { buildCareTeam, buildStaff, login, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

// A user's own language (docs/product/languages.md): GET and PUT /api/users/{id}/ carry it, and a signed-in user's
// API errors read in it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (user: TestUser, changes: object = {}) => ({
  email: user.email,
  first_name: 'Lan',
  last_name: 'Nguyen',
  ...changes,
});

async function call(method: 'GET' | 'PUT', actor: TestUser, id: number, payload?: object) {
  const session = await login(t, actor);
  return t.app.inject({ method, url: `/api/users/${id}/`, headers: session.headers, payload });
}

describe('the language of GET and PUT /api/users/{id}/', () => {
  it('is English for a new account, saved by PUT, and kept when a later PUT leaves it out', async () => {
    const { client } = await buildCareTeam(t.ctx);
    expect((await call('GET', client, client.id)).json()).toMatchObject({ language: 'en' });

    const saved = await call('PUT', client, client.id, profile(client, { language: 'vi' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'vi', first_name: 'Lan' });
    expect((await call('GET', client, client.id)).json()).toMatchObject({ language: 'vi' });

    const without = await call('PUT', client, client.id, profile(client, { first_name: 'Mai' }));
    expect(without.json()).toMatchObject({ language: 'vi', first_name: 'Mai' });
  });

  it("lets staff set another user's language", async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    const res = await call('PUT', staff, client.id, profile(client, { language: 'zh-Hans' }));
    expect(res.statusCode).toBe(200);
    expect((await call('GET', client, client.id)).json()).toMatchObject({ language: 'zh-Hans' });
  });

  it('refuses a language we do not have with a 400 on `language`, and keeps the one saved', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await call('PUT', client, client.id, profile(client, { language: 'fr' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { language: 'Choose one of the languages offered.' },
    });
    expect((await call('GET', client, client.id)).json()).toMatchObject({
      language: 'en',
      first_name: 'Client',
    });
  });
});

describe("API errors in the signed-in user's language", () => {
  it("answers a Chinese user's bad field in Chinese, whatever the browser asks for; code and keys stay", async () => {
    const { client } = await buildCareTeam(t.ctx);
    expect((await call('PUT', client, client.id, profile(client, { language: 'zh-Hans' }))).statusCode).toBe(
      200,
    );
    const session = await login(t, client);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${client.id}/`,
      headers: { ...session.headers, 'accept-language': 'es' },
      payload: profile(client, { email: 'not an address' }),
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: '请输入有效的电子邮件地址。',
      code: 'validation_error',
      fields: { email: '请输入有效的电子邮件地址。' },
    });
  });

  it('answers the change of language itself in the new language once saved', async () => {
    const { client } = await buildCareTeam(t.ctx);
    await call('PUT', client, client.id, profile(client, { language: 'es' }));
    const session = await login(t, client);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${client.id}/`,
      headers: session.headers,
      payload: profile(client, {
        email: `other-${client.id}@example.test`,
        current_password: 'wrong password',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).not.toBe(AUTH_TEXTS.currentPasswordWrong);
    expect(res.json().error).toBe('Su contraseña actual no es correcta.');
  });
});
