import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { addForm, clientsCalls, editForm, resetLinkIn } from './clients.test-support';

// A therapist sets a client's language on Add Client and Edit Client (docs/product/languages.md); the activation
// mail goes out in it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { addAs, editAs, detailsAs } = clientsCalls(() => t);

describe('the language of Add Client and Edit Client', () => {
  it('saves the language Add Client gives, English when it gives none, and Edit Client changes or keeps it', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const spanish = await addAs(therapist, addForm({ language: 'es' }));
    const english = await addAs(therapist, addForm());
    expect(spanish.statusCode).toBe(201);
    expect(english.statusCode).toBe(201);
    const id = spanish.json<{ id: number }>().id;
    expect((await detailsAs(therapist, id)).json()).toMatchObject({ language: 'es' });
    expect((await detailsAs(therapist, english.json<{ id: number }>().id)).json()).toMatchObject({
      language: 'en',
    });

    const email = (await detailsAs(therapist, id)).json<{ email: string }>().email;
    const changed = await editAs(therapist, editForm({ id, email }, { language: 'ar' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'ar' });
    const kept = await editAs(therapist, editForm({ id, email }, { first_name: 'Amira' }));
    expect(kept.json()).toMatchObject({ language: 'ar', first_name: 'Amira' });
  });

  it('refuses a language we do not have on either form with a 400 on `language`', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const added = await addAs(therapist, addForm({ language: 'fr' }));
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject({
      code: 'validation_error',
      fields: { language: expect.any(String) },
    });
    const edited = await editAs(therapist, editForm(client, { language: 'fr' }));
    expect(edited.statusCode).toBe(400);
    expect(Object.keys(edited.json().fields)).toEqual(['language']);
  });

  it("mails a Spanish client's activation in Spanish, subject and body, with the same working link", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const payload = addForm({ first_name: 'Lucía', language: 'es' });
    expect((await addAs(therapist, payload)).statusCode).toBe(201);
    await t.deliverMail();

    const [mail, ...others] = t.mailbox.messages.slice(before);
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({ to: payload.email, subject: 'Active su cuenta' });
    expect(mail!.text).toContain('Hola, Lucía:');
    expect(mail!.text).toContain('Establecer su contraseña: http://app.test/reset-password/');
    expect(mail!.text).not.toContain('Set Your Password');
    expect(mail!.html).toContain('Hola, Lucía:');
    const link = resetLinkIn(mail!.text);
    const valid = await t.app.inject({ method: 'GET', url: '/api/reset-password/validate/', query: link });
    expect(valid.json()).toMatchObject({ validLink: true, purpose: 'activate' });
  });
});
