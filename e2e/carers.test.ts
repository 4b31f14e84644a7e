import { describe, expect, it } from 'vitest';
import {
  demoLogin,
  DESKTOP,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, createActiveClient, logInApi, therapistToken } from './support/client-factory';
import { mailTo, resetLinkIn } from './support/mail';

// docs/product/carers.md: the care team lets a family member help a client under their own name; the client sees
// who helps and what they opened, and can end it.

const browser = useBrowser();

describe('carers', () => {
  it('the care team adds a carer on the client page; the client sees who helps, what they opened, and removes them', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Helped');
    const carerEmail = `maria.${Date.now()}@carer.e2e.test`;

    const phone = await newContext(browser(), PHONE);
    const staffPage = await phone.newPage();
    await logIn(staffPage, demoLogin('therapist'));
    await staffPage.waitForURL('**/clients');
    await staffPage.goto(`/client/${client.id}`);
    const section = staffPage.getByRole('region', { name: 'Carers' });
    await expect.poll(() => section.getByText('No one helps yet.').isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Add a carer' }).click();

    // Every field but the last day is required, and the server says which.
    await section.getByRole('button', { name: 'Add carer' }).click();
    await expect.poll(() => section.getByLabel('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(await section.getByText('This field is required.').count()).toBe(4);
    await section.getByLabel('First Name').fill('Maria');
    // A field's message goes as soon as it is changed.
    expect(await section.getByLabel('First Name').getAttribute('aria-invalid')).toBeNull();
    await section.getByLabel('Last Name').fill('Helped');
    await section.getByLabel('Email').fill(carerEmail);
    await section.getByLabel('Relationship').fill('Daughter');
    await section.getByLabel('Access').selectOption('log');
    expect(await section.getByText('Also gives feedback, does the session').isVisible()).toBe(true);
    await screenshot(staffPage, 'carers-add-phone', section.getByRole('button', { name: 'Add carer' }));
    await expectAccessible(staffPage, 'add a carer');
    await section.getByRole('button', { name: 'Add carer' }).click();
    await expect.poll(() => section.getByText('Maria Helped can now help.').isVisible()).toBe(true);
    const item = section.getByRole('listitem').filter({ hasText: 'Maria Helped' });
    expect(await item.textContent()).toContain('Access: Log');
    expect(await item.textContent()).toContain('no end date');

    // A new carer is asked by mail to set a password, as a new client is; then they read the client's details.
    const [uid, token] = new URL(resetLinkIn(await mailTo(carerEmail))).pathname.split('/').slice(-2);
    const password = 'helping mum every day';
    const activated = await api(null, '/reset-password-confirm/', {
      method: 'POST',
      body: { uid, token, new_password: password },
    });
    expect(activated.status).toBe(200);
    const carer = await logInApi({ email: carerEmail, password });
    expect((await api(carer.token, `/users/${client.id}/`)).status).toBe(200);

    // The care team narrows the access.
    await item.getByRole('button', { name: 'Change access of Maria Helped' }).click();
    await item.getByLabel('Access').selectOption('view');
    await item.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => item.textContent()).toContain('Access: View');

    // The client sees who helps on My Details, and ends it.
    const own = await newContext(browser(), DESKTOP);
    const page = await own.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.goto(`/user/${client.id}`);
    const mine = page.getByRole('region', { name: 'Who can help me' });
    const helper = mine
      .getByRole('list', { name: 'Carers' })
      .getByRole('listitem')
      .filter({ hasText: 'Maria Helped' });
    await expect.poll(() => helper.textContent()).toContain('(Daughter)');
    expect(await mine.getByRole('button', { name: /^Change access/ }).count()).toBe(0);
    await expect
      .poll(() => mine.getByRole('list', { name: 'Access log' }).textContent())
      .toContain('Maria Helped: Viewed your details');
    await screenshot(page, 'carers-who-can-help-desktop', mine);
    await expectAccessible(page, 'who can help me');
    await helper.getByRole('button', { name: 'Remove Maria Helped' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Maria Helped?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => mine.getByText('Maria Helped can no longer help.').isVisible()).toBe(true);
    await expect.poll(() => mine.getByText('No one helps yet.').isVisible()).toBe(true);

    // Ended, the link no longer lets the carer in: the client's record is not found for them.
    expect((await api(carer.token, `/users/${client.id}/`)).status).toBe(404);

    await staffPage.reload();
    await expect
      .poll(() =>
        staffPage.getByRole('region', { name: 'Carers' }).getByText('No one helps yet.').isVisible(),
      )
      .toBe(true);
    await phone.close();
    await own.close();
  });
});
