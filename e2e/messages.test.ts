import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import { createActiveClient, therapistToken } from './support/client-factory';

// docs/product/messages.md: a client asks their therapist a question in the app, and the therapist's open
// conversation shows it at once (the live stream), as the client's shows the reply.

const browser = useBrowser();

describe('messages', () => {
  it('a client writes from the bottom bar; the therapist sees it live, replies, and the client sees the reply', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Messenger');

    const desk = await newContext(browser(), DESKTOP);
    const staffPage = await desk.newPage();
    await logIn(staffPage, demoLogin('therapist'));
    await staffPage.waitForURL('**/clients');
    await staffPage.goto(`/client/${client.id}`);
    await staffPage.getByRole('link', { name: 'Messages' }).click();
    await expect
      .poll(() => staffPage.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Messages with Wendy Messenger`);
    await expect.poll(() => staffPage.getByText('No messages yet.').isVisible()).toBe(true);

    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await expect
      .poll(() =>
        page.getByText('Messages are read during clinic hours. In an emergency call 000.').isVisible(),
      )
      .toBe(true);
    await page.getByLabel('Message', { exact: true }).fill('Is my knee meant to click when I stand up?');
    await page.getByRole('button', { name: 'Send' }).click();
    const mine = page.getByRole('listitem').filter({ hasText: 'Is my knee meant to click' });
    await expect.poll(() => mine.isVisible()).toBe(true);
    expect(await mine.textContent()).toContain('You,');
    await screenshot(page, 'messages-client-phone');
    await expectAccessible(page, 'client messages', { everyImpact: true });

    // Live: the therapist's open page shows it without a reload.
    const asked = staffPage.getByRole('listitem').filter({ hasText: 'Is my knee meant to click' });
    await expect.poll(() => asked.isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await asked.textContent()).toContain('Wendy Messenger,');
    await staffPage
      .getByLabel('Message', { exact: true })
      .fill('A little clicking is fine if it does not hurt.');
    await staffPage.getByRole('button', { name: 'Send' }).click();
    await screenshot(staffPage, 'messages-therapist-desktop');
    await expectAccessible(staffPage, 'therapist messages');

    const reply = page.getByRole('listitem').filter({ hasText: 'A little clicking is fine' });
    await expect.poll(() => reply.isVisible(), { timeout: 5_000 }).toBe(true);

    // The client removes their own message within 5 minutes: it stays as removed for both.
    await mine.getByRole('button', { name: 'Remove' }).click();
    await expect
      .poll(() => staffPage.getByText('Message removed').isVisible(), { timeout: 5_000 })
      .toBe(true);

    // Away from the conversation, the therapist's client list counts what comes in.
    await staffPage.goto('/clients');
    await page.getByLabel('Message', { exact: true }).fill('Thank you!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Thank you!' }).isVisible())
      .toBe(true);
    await staffPage.reload();
    const row = staffPage.getByRole('link', { name: /Messenger, Wendy/ });
    await expect.poll(() => row.textContent(), { timeout: 5_000 }).toContain('1 unread message');
    await desk.close();
    await phone.close();
  });
});
