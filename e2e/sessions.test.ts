import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { api, logInApi, therapistToken } from './support/client-factory';
import { demoLogin, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';
import { mailTo, resetLinkIn } from './support/mail';

// Decision 011: Sign Out ends this device's session only; "Sign out of all devices" ends every one; changing one's
// own email asks for the current password and then signs out everywhere. Each journey has its own client, so that
// ending every session never touches another journey's demo user.

const browser = useBrowser();

/** A client of the demo therapist of this journey's own, activated by the emailed link, terms agreed. */
async function activeClient(lastName: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const client = { email: `sam.${stamp}@sessions.e2e.test`, password: 'a long quiet evening walk' };
  const added = await api(await therapistToken(), '/users/add/', {
    method: 'POST',
    body: {
      first_name: 'Sam',
      last_name: lastName,
      date_of_birth: '1962-02-03',
      email: client.email,
      mobile: '0400 555 666',
      condition: 'Stroke',
    },
  });
  expect(added.status, 'add client').toBe(201);
  const [uid, token] = new URL(resetLinkIn(await mailTo(client.email))).pathname.split('/').slice(-2);
  const confirmed = await api(null, '/reset-password-confirm/', {
    method: 'POST',
    body: { uid, token, new_password: client.password },
  });
  expect(confirmed.status, 'activate client').toBe(200);
  const { token: access } = await logInApi(client);
  const terms = await api(access, '/terms/', {
    method: 'POST',
    body: { privacy: true, waiver: true, terms: true },
  });
  expect(terms.status, 'agree to terms').toBeLessThan(300);
  return client;
}

async function signedIn(page: Page, user: { email: string; password: string }) {
  await logIn(page, user);
  await page.waitForURL('**/programs');
}

const onLoginPage = (page: Page) => page.getByRole('button', { name: 'Log In' }).isVisible();

async function openMyDetails(page: Page) {
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'My Details' }).isVisible()).toBe(true);
}

/** Loads /programs afresh: the access token is in memory only, so this also refreshes with the cookie. */
async function reloadPrograms(page: Page): Promise<number[]> {
  const refreshes: number[] = [];
  const onResponse = (response: { url(): string; status(): number }) => {
    if (response.url().endsWith('/api/token/refresh/')) refreshes.push(response.status());
  };
  page.on('response', onResponse);
  await page.goto('/programs');
  await expect
    .poll(
      async () => (await onLoginPage(page)) || page.getByRole('heading', { name: 'Programs' }).isVisible(),
    )
    .toBe(true);
  page.off('response', onResponse);
  return refreshes;
}

describe('sessions on two devices', () => {
  it('signs one device out alone; "Sign out of all devices" ends the other', async () => {
    const client = await activeClient('Devices');
    const phoneContext = await newContext(browser());
    const tabletContext = await newContext(browser());
    const phone = await phoneContext.newPage();
    const tablet = await tabletContext.newPage();
    await signedIn(phone, client);
    await signedIn(tablet, client);

    // Sign Out on the phone ends the phone's session only.
    await openMyDetails(phone);
    await expectAccessible(phone, 'my details with session buttons');
    await screenshot(
      phone,
      'my-details-sessions-phone',
      phone.getByRole('button', { name: 'Sign Out', exact: true }),
    );
    await phone.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await phone.goto('/programs');
    await expect.poll(() => onLoginPage(phone)).toBe(true);

    // The tablet still works after a reload, which refreshes its access token with its own cookie.
    expect(await reloadPrograms(tablet)).toEqual([200]);
    expect(await onLoginPage(tablet)).toBe(false);
    await openMyDetails(tablet);
    expect(await tablet.getByText(client.email).isVisible()).toBe(true);

    // The phone signs in again and signs out of all devices: the tablet's session ends too.
    await signedIn(phone, client);
    await openMyDetails(phone);
    await phone.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Sign out of all devices?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(phone, 'sign out everywhere dialog');
    await screenshot(phone, 'sign-out-everywhere-phone');
    await phone.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => phone.getByText('You are signed out on all devices. Please sign in again.').isVisible())
      .toBe(true);

    expect(await reloadPrograms(tablet)).toEqual([401]);
    await expect.poll(() => onLoginPage(tablet)).toBe(true);
    await phoneContext.close();
    await tabletContext.close();
  });
});

describe('changing one’s own email', () => {
  it('asks for the current password, then signs out everywhere and says so on the login page', async () => {
    const client = await activeClient('Mover');
    const context = await newContext(browser());
    const page = await context.newPage();
    const other = await (await newContext(browser())).newPage();
    await signedIn(page, client);
    await signedIn(other, client);

    await openMyDetails(page);
    await page.getByRole('link', { name: 'Change Details' }).click();
    const newEmail = client.email.replace('@', '.moved@');
    await page.getByLabel('Email').fill(newEmail);
    const current = page.getByLabel('Current Password', { exact: true });
    await expect.poll(() => current.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect.poll(() => page.getByText('Please enter your current password.').isVisible()).toBe(true);

    await current.fill('not my password');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect
      .poll(() => page.getByText('Your current password is not correct.').first().isVisible())
      .toBe(true);
    await expectAccessible(page, 'edit profile with current password');
    await screenshot(page, 'edit-profile-email-change-phone', current);

    await current.fill(client.password);
    await page.getByRole('button', { name: 'Update User' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.getByText('Your email was changed. Please sign in with your new email.').isVisible())
      .toBe(true);
    await expectAccessible(page, 'login with notice');
    await screenshot(page, 'login-after-email-change-phone');

    // The other device was signed out too.
    expect(await reloadPrograms(other)).toEqual([401]);

    await signedIn(page, { email: newEmail, password: client.password });
    await context.close();
    await other.context().close();
  });
});

describe('changing one’s own password', () => {
  it('takes the current password and the new one twice, then signs out with a notice', async () => {
    const client = await activeClient('Keys');
    const context = await newContext(browser());
    const page = await context.newPage();
    await signedIn(page, client);
    await openMyDetails(page);
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL('**/change-password');

    await page.getByLabel('Current Password', { exact: true }).fill('not my password');
    await page.getByLabel('New Password', { exact: true }).fill('a brighter morning');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('a brighter morning');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Your current password is not correct.').isVisible()).toBe(true);
    await expectAccessible(page, 'change password');
    await screenshot(page, 'change-password-phone');

    await page.getByLabel('Current Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() =>
        page.getByText('Your password was changed. Please sign in with your new password.').isVisible(),
      )
      .toBe(true);
    await signedIn(page, { email: client.email, password: 'a brighter morning' });
    await context.close();
  });
});

describe("a therapist changing an activated client's email", () => {
  it('changes it only when the client uses the link mailed to the new address', async () => {
    const client = await activeClient('Confirm');
    const { userId } = await logInApi(client);
    const newEmail = client.email.replace('@', '.new@');
    // The therapist changes it on the Edit Client page: the page says a link went to the new address.
    const therapistContext = await newContext(browser());
    const therapistPage = await therapistContext.newPage();
    await logIn(therapistPage, demoLogin('therapist'));
    await therapistPage.waitForURL('**/clients');
    await therapistPage.goto(`/client/edit/${userId}`);
    const emailField = therapistPage.getByLabel('Email', { exact: true });
    await expect.poll(() => emailField.inputValue()).toBe(client.email);
    await emailField.fill(newEmail);
    await therapistPage.getByRole('button', { name: 'Update Client' }).click();
    await expect
      .poll(() => therapistPage.getByText(AUTH_TEXTS.emailChangeConfirmationSent).isVisible())
      .toBe(true);
    await expectAccessible(therapistPage, 'edit client, email change pending');
    await screenshot(therapistPage, 'edit-client-email-pending-phone');
    await therapistContext.close();
    const details = await api<{ email: string }>(
      await therapistToken(),
      `/users/client_details/?id=${userId}`,
    );
    expect(details.body.email).toBe(client.email);
    // Until the link is used the client signs in with the old address.
    expect(
      (await api(null, '/login/', { method: 'POST', body: { ...client, email: newEmail } })).status,
    ).toBe(401);

    const link = (await mailTo(newEmail)).match(
      /https?:\/\/[^\s"<>]+\/confirm-email\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/,
    );
    expect(link).not.toBeNull();
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(new URL(link![0]).pathname);
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await expect
      .poll(() =>
        page.getByText('Your email address is changed. Please sign in with your new email.').isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'confirm email');
    await screenshot(page, 'confirm-email-phone');
    await page.getByRole('link', { name: 'Go to Log In' }).click();
    await signedIn(page, { email: newEmail, password: client.password });
    await context.close();
  });
});
