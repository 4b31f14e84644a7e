import path from 'node:path';
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
import { createActiveClient, createProgram, giveFeedback, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';

// docs/product/messages.md: a client asks their therapist a question in the app, and the therapist's open
// conversation shows it at once (the live stream), as the client's shows the reply.

const browser = useBrowser();
const fixtures = path.resolve(import.meta.dirname, 'fixtures');

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

  it('a therapist replies from a feedback entry; the client answers with a photo, and offline the message waits', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Replier');
    const today = sydneyDate();
    const program = await createProgram(therapist, client.id, {
      name: 'Knee strength',
      start_date: sydneyDate(-7),
      end_date: sydneyDate(30),
      exercises: ['Heel raises'],
    });
    const heel = program.exercises[0]!;
    await giveFeedback(client, heel.id, today);

    const desk = await newContext(browser(), DESKTOP);
    const staffPage = await desk.newPage();
    await logIn(staffPage, demoLogin('therapist'));
    await staffPage.waitForURL('**/clients');
    await staffPage.goto(`/exercise/${heel.id}/feedback`);
    await staffPage.getByRole('link', { name: /^Reply about / }).click();
    await staffPage.waitForURL((url) => url.pathname === `/client/${client.id}/messages`);
    await expect.poll(() => staffPage.getByText(/^About Heel raises on /).isVisible()).toBe(true);
    await staffPage.getByLabel('Message', { exact: true }).fill('Did the heel raises hurt today?');
    await staffPage.getByRole('button', { name: 'Send' }).click();
    const asked = staffPage.getByRole('listitem').filter({ hasText: 'Did the heel raises hurt today?' });
    await expect.poll(() => asked.isVisible()).toBe(true);
    // Sent, the reply is done with that exercise: the next message is about nothing unless a Reply says so again.
    await expect.poll(() => staffPage.getByText(/^About Heel raises on /).count()).toBe(0);
    expect(await asked.getByRole('link', { name: /^About an exercise on / }).getAttribute('href')).toBe(
      `/exercise/${heel.id}/feedback`,
    );
    await screenshot(staffPage, 'messages-reply-desktop');
    await expectAccessible(staffPage, 'reply from a feedback entry');

    // The client answers with a photo; it shows for both.
    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    const messagesLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Messages/ });
    await expect.poll(() => messagesLink.textContent()).toBe('Messages 1 unread');
    await messagesLink.click();
    const question = page.getByRole('listitem').filter({ hasText: 'Did the heel raises hurt today?' });
    await expect.poll(() => question.isVisible()).toBe(true);
    // Read on this page, it is no longer counted in the bar.
    await expect.poll(() => messagesLink.textContent()).toBe('Messages');
    expect(await question.getByRole('link', { name: /^About an exercise on / }).getAttribute('href')).toBe(
      `/program/${program.id}`,
    );
    await page.locator('#message-media').setInputFiles(path.join(fixtures, 'exercise.jpg'));
    await page.getByLabel('Message', { exact: true }).fill('Only a little. This is how I stand.');
    await page.getByRole('button', { name: 'Send' }).click();
    const photo = page.getByRole('img', { name: 'Photo from You' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const seen = staffPage.getByRole('img', { name: 'Photo from Wendy Replier' });
    await expect
      .poll(() => seen.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'messages-photo-phone');
    await expectAccessible(page, 'a photo message', { everyImpact: true });

    // Offline, a message waits on the phone and goes when the connection returns.
    await phone.setOffline(true);
    await page.getByLabel('Message', { exact: true }).fill('Written on the bus.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByText('Saved on this phone. It will be sent when you are online.').isVisible())
      .toBe(true);
    const waiting = page.getByRole('listitem').filter({ hasText: 'Written on the bus.' });
    await expect.poll(() => waiting.textContent()).toContain('Waiting to be sent');
    await screenshot(page, 'messages-waiting-phone');
    await phone.setOffline(false);
    await expect
      .poll(() => staffPage.getByRole('listitem').filter({ hasText: 'Written on the bus.' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect.poll(() => waiting.textContent(), { timeout: 15_000 }).toContain('You,');
    await desk.close();
    await phone.close();
  });
});
