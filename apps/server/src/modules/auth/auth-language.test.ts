import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { updateUserFields } from '../users/users.repository';
import { buildCareTeam } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

// Before sign-in, API errors read in the browser's language (Accept-Language); mail reads in the recipient's own
// (docs/product/languages.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failedLogin = (email: string, acceptLanguage: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/',
    headers: { 'accept-language': acceptLanguage },
    payload: { email, password: 'not the password' },
    remoteAddress: nextIp(),
  });

describe('a failed login in the language of Accept-Language', () => {
  it('answers the same code with the text in English or in Spanish', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const english = await failedLogin(client.email, 'en');
    const spanish = await failedLogin(client.email, 'es-MX,es;q=0.9,en;q=0.5');
    const unknown = await failedLogin(client.email, 'fr-FR');

    expect(english.statusCode).toBe(401);
    expect(spanish.statusCode).toBe(401);
    expect(english.json()).toMatchObject({ error: AUTH_TEXTS.invalidCredentials });
    expect(spanish.json()).toMatchObject({ error: 'Correo electrónico o contraseña incorrectos.' });
    expect(spanish.json().code).toBe(english.json().code);
    expect(unknown.json().error).toBe(AUTH_TEXTS.invalidCredentials);
  });

  it('answers a bad field of an anonymous form in Simplified Chinese for zh-CN, with the same keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'accept-language': 'zh-CN' },
      payload: { email: 'not an address', password: 'x' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { email: '请输入有效的电子邮件地址。' },
    });
  });
});

describe("the reset mail in the recipient's language", () => {
  it('mails a Spanish user the reset link in Spanish, whatever language the request came in', async () => {
    const { client } = await buildCareTeam(t.ctx);
    await updateUserFields(t.ctx.db, client.id, { language: 'es', firstName: 'Pilar' });
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      headers: { 'accept-language': 'en' },
      payload: { email: client.email },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    await t.deliverMail();

    const [mail] = t.mailbox.messages.slice(before);
    expect(mail).toMatchObject({ to: client.email, subject: 'Restablezca su contraseña' });
    expect(mail!.text).toContain('Hola, Pilar:');
    expect(mail!.text).toContain('Restablecer contraseña: http://app.test/reset-password/');
    expect(mail!.text).toContain('Si no esperaba este correo, puede ignorarlo.');
  });
});
