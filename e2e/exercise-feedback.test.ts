import path from 'node:path';
import { MESSAGES } from '@hep/shared/messages';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { TProgram } from '@hep/shared/schemas/programs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClientWithProgram, exerciseToggle, feedbackForm, visible } from './exercise-feedback-helpers';
import {
  DESKTOP,
  PHONE,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import {
  api,
  therapistToken as demoTherapistToken,
  giveFeedback,
  type TestClient,
} from './support/client-factory';
import { ddMMyyyy, longDate, sydneyDate } from './support/dates';

const browser = useBrowser();
const fixtures = path.resolve(import.meta.dirname, 'fixtures');

describe('exercise feedback', () => {
  let therapistToken = '';
  let client: TestClient;
  let program: TProgram;
  const today = sydneyDate();

  beforeAll(async () => {
    therapistToken = await demoTherapistToken();
    ({ client, program } = await createClientWithProgram(therapistToken));
  });

  it('lets a client complete an exercise with effort, feeling and a photo, then update it', async () => {
    const [heel] = program.exercises;
    const context = await newContext(browser(), PHONE);
    // Count the tones of the success sound as the page makes them (headless Chromium plays to no speaker).
    await context.addInitScript(() => {
      const w = window as unknown as { tones: number };
      w.tones = 0;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        w.tones += 1;
        return create.call(this);
      };
    });
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.goto(`/program/${program.id}?date=${today}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    await visible(page, longDate(today));

    const form = feedbackForm(page, heel!.name);
    await expect.poll(() => form.isVisible()).toBe(true);
    const effort = form.getByLabel('Effort');
    expect(await effort.inputValue()).toBe('0');
    expect(await effort.locator('option').first().textContent()).toBe('Select effort level');
    expect(await effort.locator('option').allTextContents()).toContain('10 - Maximal');

    // Effort 0 is "not rated": the form asks for a rating and sends nothing.
    await form.getByRole('button', { name: 'I did it!' }).click();
    await expect.poll(() => form.getByText(MESSAGES.effortRequired).isVisible()).toBe(true);
    expect(await effort.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    expect((await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${heel!.id}`)).body).toEqual([]);
    await expectAccessible(page, 'feedback form with effort error');
    await screenshot(page, 'client-effort-required-phone');

    // A file of another type is refused at once; the photo is taken.
    const media = form.getByLabel('Photo or video (optional)');
    await media.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect.poll(() => form.getByText(MESSAGES.feedbackMediaInvalid).isVisible()).toBe(true);
    await effort.selectOption('7');
    await expect.poll(() => form.getByText(MESSAGES.effortRequired).count()).toBe(0);
    await form.getByLabel('How did it feel? (optional)').fill('Steady on my feet today.');
    await media.setInputFiles(path.join(fixtures, 'exercise.jpg'));
    await expect.poll(() => form.getByText(MESSAGES.feedbackMediaInvalid).count()).toBe(0);
    await visible(page, 'Selected: exercise.jpg (10 KB)');

    await form.getByRole('button', { name: 'I did it!' }).click();
    const toast = page.getByRole('status').filter({ hasText: MESSAGES.exerciseCompleteTitle });
    await expect.poll(() => toast.isVisible()).toBe(true);
    const shownAt = Date.now();
    expect(await toast.textContent()).toContain(MESSAGES.exerciseCompleteHeadline);
    expect(await toast.textContent()).toContain(MESSAGES.exerciseCompleteBody);
    // Confetti draws on a canvas over the page, and the success sound plays its four notes.
    await expect.poll(() => page.locator('body > canvas').count(), { timeout: 2000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(4);
    await expect.poll(() => form.getByText(MESSAGES.feedbackSubmitted).isVisible()).toBe(true);
    const done = form.getByRole('button', { name: 'Completed! ✓' });
    expect(await done.isDisabled()).toBe(true);
    await expect.poll(() => exerciseToggle(page, heel!.name, true).isVisible()).toBe(true);
    await screenshot(page, 'client-completed-toast-phone');
    await screenshot(page, 'client-completed-form-phone', done);
    await expectAccessible(page, 'completed exercise with toast');

    // The toast hides itself after 5 s.
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(0);
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);

    const saved = await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${heel!.id}`);
    expect(saved.body).toHaveLength(1);
    expect(saved.body[0]).toMatchObject({
      date_completed: today,
      effort_rating: 7,
      feeling: 'Steady on my feet today.',
    });
    expect(saved.body[0]!.image_url).toMatch(/^\/api\/media\//);

    // Changing the feeling offers Update Feedback; saving it celebrates no more.
    await form.getByLabel('How did it feel? (optional)').fill('Steady, and a little easier than yesterday.');
    const update = form.getByRole('button', { name: 'Update Feedback' });
    expect(await update.isEnabled()).toBe(true);
    await update.click();
    await expect.poll(() => form.getByText(MESSAGES.feedbackUpdated).isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Completed! ✓' }).isDisabled()).toBe(true);
    expect(await toast.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(4);
    const updated = await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${heel!.id}`);
    expect(updated.body[0]).toMatchObject({
      effort_rating: 7,
      feeling: 'Steady, and a little easier than yesterday.',
    });
    // The photo stays: on PUT media goes only when newly chosen.
    expect(updated.body[0]!.image_url).toMatch(/^\/api\/media\//);

    // Opening the day again loads the entry in one call and shows it as done.
    const dayCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/program-feedback/') || url.pathname.startsWith('/api/feedback/'))
        dayCalls.push(url.pathname);
    });
    await page.reload();
    await expect.poll(() => feedbackForm(page, heel!.name).isVisible()).toBe(true);
    expect(await feedbackForm(page, heel!.name).getByLabel('Effort').inputValue()).toBe('7');
    expect(await page.getByAltText(`Feedback photo: ${heel!.name}`).isVisible()).toBe(true);
    expect(dayCalls).toEqual(['/api/program-feedback/']);
    await context.close();
  });

  it('shows the client a plain notice on a day the program does not prescribe, and the past as prescribed', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.goto(`/program/${program.id}?date=${sydneyDate(-10)}`);
    await visible(page, MESSAGES.feedbackNotPrescribed);
    expect(await page.getByRole('button', { name: 'I did it!' }).count()).toBe(0);

    // A past prescribed day: the form, for the exercises as they were then.
    await page.goto(`/program/${program.id}?date=${sydneyDate(-2)}`);
    await expect.poll(() => feedbackForm(page, program.exercises[0]!.name).isVisible()).toBe(true);
    expect(await page.getByText(MESSAGES.feedbackNotPrescribed).count()).toBe(0);
    await expectAccessible(page, 'client exercise day desktop');
    await screenshot(page, 'client-past-day-desktop');

    // Sent meanwhile from another device: the second I did it! is refused and the form turns to Update Feedback.
    const sit = program.exercises[1]!;
    await giveFeedback(client, sit.id, sydneyDate(-2));
    await exerciseToggle(page, sit.name).click();
    const form = feedbackForm(page, sit.name);
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByLabel('Effort').selectOption('5');
    await form.getByRole('button', { name: 'I did it!' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(MESSAGES.feedbackDuplicate);
    await expect.poll(() => form.getByRole('button', { name: 'Update Feedback' }).isEnabled()).toBe(true);
    await expect.poll(() => exerciseToggle(page, sit.name, true).isVisible()).toBe(true);
    await context.close();
  });

  it("shows the therapist the days completed, the day's feedback and the whole history", async () => {
    const [heel, sit] = program.exercises;
    // Three days ago (no entries) is before the client's today in any zone: the server's statuses use theirs, UTC.
    const earlier = sydneyDate(-3);
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}?date=${today}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);

    // The calendar opens behind its toggle, Monday first, on the month of the day shown.
    const toggle = page.getByRole('button', { name: 'Show Days Completed' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const hide = page.getByRole('button', { name: 'Hide Days Completed' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const calendar = page.getByRole('table');
    expect(await calendar.getByRole('columnheader').allInnerTexts()).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    // One of two exercises is done today: in progress, as an icon with words for screen readers.
    const todayLink = page.getByRole('link', { name: `${longDate(today)}: In progress` });
    await expect.poll(() => todayLink.isVisible()).toBe(true);
    expect(await todayLink.getAttribute('aria-current')).toBe('date');
    expect(await todayLink.locator('svg').count()).toBe(1);
    if (earlier.slice(0, 7) !== today.slice(0, 7))
      await page.getByRole('button', { name: 'Previous month' }).click();
    const earlierLink = page.getByRole('link', { name: `${longDate(earlier)}: Missed` });
    await expect.poll(() => earlierLink.isVisible()).toBe(true);
    await expectAccessible(page, 'therapist calendar phone');
    await screenshot(page, 'therapist-calendar-phone', calendar);

    // Clicking a day opens the program on that date; its exercise has no feedback then.
    await earlierLink.click();
    await page.waitForURL((url) => url.searchParams.get('date') === earlier);
    await visible(page, longDate(earlier));
    await visible(page, MESSAGES.noFeedbackYet);
    if (earlier.slice(0, 7) !== today.slice(0, 7))
      await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('link', { name: `${longDate(today)}: In progress` }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === today);

    // The day's card: submitted time, effort 7 of 10 (amber band), how it felt, the photo.
    const card = page.getByRole('region', { name: `${MESSAGES.clientFeedback}: ${heel!.name}` });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await exerciseToggle(page, heel!.name, true).getAttribute('aria-expanded')).toBe('true');
    expect(await card.innerText()).toContain('Submitted');
    expect(await card.innerText()).toContain('7/10');
    expect(await card.getByText('Steady, and a little easier than yesterday.').isVisible()).toBe(true);
    const bar = card.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('7');
    expect(await bar.locator('.progress-bar').getAttribute('class')).toContain('bg-warning');
    expect(await bar.locator('.progress-bar').evaluate((el) => (el as HTMLElement).style.width)).toBe('70%');
    const photo = card.getByRole('img', { name: `Feedback photo: ${heel!.name}` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, 'therapist feedback card phone');
    await screenshot(page, 'therapist-feedback-card-phone', card);

    // The second exercise has none yet.
    await exerciseToggle(page, sit!.name).click();
    const sitCard = page.getByRole('region', { name: `${MESSAGES.clientFeedback}: ${sit!.name}` });
    await expect.poll(() => sitCard.innerText()).toContain(MESSAGES.noFeedbackYet);

    // View All Feedback: the history with its summary.
    await exerciseToggle(page, heel!.name, true).click();
    // Click only once the accordion has stopped moving: a link in an item still opening or closing can take the
    // click without navigating on a slow machine.
    await expect.poll(() => page.locator('.accordion-collapse.collapsing').count()).toBe(0);
    // Scoped by its target: while the other item is still collapsing, its link is visible too.
    await page
      .getByRole('link', { name: 'View All Feedback' })
      .and(page.locator(`[href="/exercise/${heel!.id}/feedback"]`))
      .click();
    await page.waitForURL(`**/exercise/${heel!.id}/feedback`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: heel!.name }).isVisible()).toBe(true);
    await visible(page, '1 entry');
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.innerText()).toContain(`First entry\n${ddMMyyyy(today)}`);
    expect(await summary.innerText()).toContain('Average effort\n7.0/10');
    expect(await summary.innerText()).toContain(`Latest entry\n${ddMMyyyy(today)}`);
    const entry = page.getByRole('article', { name: `Feedback of ${ddMMyyyy(today)}` });
    expect(await entry.innerText()).toContain('7/10');
    expect(await entry.getByText('Steady, and a little easier than yesterday.').isVisible()).toBe(true);
    const entryPhoto = entry.getByRole('img');
    await expect
      .poll(() => entryPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Back to Program' }).getAttribute('href')).toBe(
      `/program/${program.id}`,
    );
    await expectAccessible(page, 'feedback history phone');
    await screenshot(page, 'feedback-history-phone');

    // An exercise without entries says so.
    await page.goto(`/exercise/${program.exercises[2]!.id}/feedback`);
    await visible(page, MESSAGES.feedbackHistoryEmpty);
    await visible(page, '0 entries');
    await page.getByRole('link', { name: 'Back to Program' }).click();
    await page.waitForURL((url) => url.pathname === `/program/${program.id}`);
    await context.close();
  });

  it('lays the calendar, the card and the history out on a desktop', async () => {
    const [heel] = program.exercises;
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}?date=${today}`);
    await page.getByRole('button', { name: 'Show Days Completed' }).click();
    await expect
      .poll(() => page.getByRole('link', { name: `${longDate(today)}: In progress` }).isVisible())
      .toBe(true);
    const width = await page.getByRole('table').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(900);
    expect(width).toBeGreaterThan(600);
    await expect
      .poll(() => page.getByRole('region', { name: `${MESSAGES.clientFeedback}: ${heel!.name}` }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'therapist program view desktop');
    await screenshot(page, 'therapist-program-desktop', page.getByRole('table'));

    await page.goto(`/exercise/${heel!.id}/feedback`);
    await visible(page, '1 entry');
    await expectAccessible(page, 'feedback history desktop');
    await screenshot(page, 'feedback-history-desktop');
    await context.close();
  });
});
