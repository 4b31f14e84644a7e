import { describe, expect, it } from 'vitest';
import { findInstrument } from '@hep/shared/measures/instruments';
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
import { api, createActiveClient, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';

// docs/product/outcome-measures.md: a client answers a questionnaire one question per screen, in their language
// where the instrument carries its published wording; the therapist sees the score, its band and the trend.

const browser = useBrowser();

describe('outcome measures', () => {
  it('a Spanish-speaking client answers GAD-7 in Spanish, one question per screen; the therapist sees score, band and chart', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Medidas');
    // The client's own My Details save, as the profile form sends it.
    const spanish = await api(client.token, `/users/${client.id}/`, {
      method: 'PUT',
      body: {
        email: client.email,
        first_name: client.firstName,
        last_name: client.lastName,
        mobile: '0400 123 456',
        date_of_birth: '1961-05-04',
        language: 'es',
      },
    });
    expect(spanish.status).toBe(200);
    const assigned = await api<{ id: number }>(therapist, `/clients/${client.id}/measures/`, {
      method: 'POST',
      body: { instrument: 'gad7', first_due: sydneyDate(0), every_days: 14 },
    });
    expect(assigned.status).toBe(201);
    const gad7 = findInstrument('gad7')!;

    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, client);
    await page.getByRole('link', { name: 'Responder GAD-7' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('GAD-7');
    expect(await page.title()).toContain('GAD-7');

    // Answers 2, 1, 1, 0, 0, 3, 0: a score of 7, mild.
    const answers = [2, 1, 1, 0, 0, 3, 0];
    for (const [index, item] of gad7.items.entries()) {
      await expect.poll(() => page.getByText(`${index + 1} de 7`, { exact: true }).isVisible()).toBe(true);
      const question = page.getByRole('heading', { level: 2 });
      expect(await question.textContent()).toBe(item.text.es);
      const label = gad7.scales.frequency!.options![answers[index]!]!.label.es!;
      await page.getByRole('radio', { name: label }).check();
      const next = page.getByRole('button', { name: index === 6 ? 'Enviar respuestas' : 'Siguiente' });
      // One screen: the question, its four answers and the button fit a phone without scrolling.
      const box = await next.boundingBox();
      expect(box!.y + box!.height, `question ${index + 1} fits the screen`).toBeLessThanOrEqual(PHONE.height);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      if (index === 0) {
        await screenshot(page, 'measures-question-phone');
        await expectAccessible(page, 'GAD-7 question', { everyImpact: true });
      }
      await next.click();
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Gracias' }).isVisible()).toBe(true);
    await screenshot(page, 'measures-thank-you-phone');
    await phone.close();

    const desk = await newContext(browser(), DESKTOP);
    const staffPage = await desk.newPage();
    await logIn(staffPage, demoLogin('therapist'));
    await staffPage.waitForURL('**/clients');
    await staffPage.goto(`/client/${client.id}`);
    const card = staffPage.getByRole('article', { name: 'GAD-7' });
    await expect.poll(() => card.textContent()).toContain('Latest: 7 on');
    expect(await card.textContent()).toContain('Mild');
    await card.getByRole('button', { name: 'Show trend' }).click();
    const figure = staffPage.getByRole('region', { name: `GAD-7 for Wendy Medidas` });
    await expect.poll(() => figure.isVisible()).toBe(true);
    await figure.getByRole('button', { name: 'Show as table' }).click();
    const row = figure.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('7');
    expect(await row.textContent()).toContain('Mild');
    await expect.poll(() => figure.locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(staffPage, 'measures-client-page-desktop', card);
    await expectAccessible(staffPage, 'client page with outcome measures');
    await staffPage.setViewportSize(PHONE);
    await screenshot(staffPage, 'measures-client-page-phone', card);
    await desk.close();
  });

  it('a therapist assigns a walk test on the client page and enters a result with the stopwatch', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Walker');
    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/client/${client.id}`);
    await page.getByRole('button', { name: '+ Assign a measure' }).click();
    await page.getByLabel('Measure', { exact: true }).selectOption('tmwt');
    await page.getByLabel('Repeat').selectOption('28');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect.poll(() => page.getByText('10-metre walk assigned.').isVisible()).toBe(true);

    const card = page.getByRole('article', { name: '10-metre walk' });
    expect(await card.textContent()).toContain('Every 28 days from');
    await card.getByRole('button', { name: 'Enter result' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Start the stopwatch' }).click();
    await page.waitForTimeout(300);
    await dialog.getByRole('button', { name: 'Stop the stopwatch' }).click();
    expect(
      Number(await dialog.getByLabel('Time for the middle 6 metres (seconds)').inputValue()),
    ).toBeGreaterThan(0);
    await dialog.getByLabel('Time for the middle 6 metres (seconds)').fill('7.5');
    await screenshot(page, 'measures-enter-result-phone');
    await expectAccessible(page, 'enter a result');
    await dialog.getByRole('button', { name: 'Save result' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Saved: 0.80 m/s (Limited community walker (0.4 to 0.8 m/s)).');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => card.textContent()).toContain('Latest: 0.80 m/s on');
    await phone.close();
  });

  it('shows a client whose PHQ-9 suggests a risk of self-harm the crisis text at once', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Safety');
    const assigned = await api(therapist, `/clients/${client.id}/measures/`, {
      method: 'POST',
      body: { instrument: 'phq9', first_due: sydneyDate(-1), every_days: 0 },
    });
    expect(assigned.status).toBe(201);
    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, client);
    await page.getByRole('link', { name: 'Answer PHQ-9' }).click();
    for (let question = 1; question <= 9; question += 1) {
      await expect.poll(() => page.getByText(`${question} of 9`, { exact: true }).isVisible()).toBe(true);
      await page.getByRole('radio', { name: question === 9 ? 'Several days' : 'Not at all' }).check();
      await page.getByRole('button', { name: question === 9 ? 'Send answers' : 'Next' }).click();
    }
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('If you might harm yourself, call 000 or Lifeline on 13 11 14 now.');
    expect(await page.getByRole('heading', { name: 'Thank you' }).isVisible()).toBe(true);
    await screenshot(page, 'measures-crisis-phone');
    await expectAccessible(page, 'crisis text', { everyImpact: true });
    await phone.close();
  });

  it("keeps a client's answers on the phone without a connection and sends them when it returns", async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Offline');
    const assigned = await api<{ id: number }>(therapist, `/clients/${client.id}/measures/`, {
      method: 'POST',
      body: { instrument: 'gad7', first_due: sydneyDate(0), every_days: 7 },
    });
    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, client);
    await page.getByRole('link', { name: 'Answer GAD-7' }).click();
    for (let question = 1; question <= 7; question += 1) {
      await expect.poll(() => page.getByText(`${question} of 7`, { exact: true }).isVisible()).toBe(true);
      await page.getByRole('radio', { name: 'Several days' }).check();
      if (question === 7) await phone.setOffline(true);
      await page.getByRole('button', { name: question === 7 ? 'Send answers' : 'Next' }).click();
    }
    await expect
      .poll(() => page.getByText('Your answers are saved on this phone.', { exact: false }).isVisible())
      .toBe(true);
    // Today does not offer it again while the answers wait.
    await page.getByRole('link', { name: 'Back to today' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Today' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Answer GAD-7' }).count()).toBe(0);

    await phone.setOffline(false);
    await expect
      .poll(
        async () =>
          (await api<{ score: number }[]>(therapist, `/clients/${client.id}/measures/gad7/scores/`)).body
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const scores = await api<{ score: number; band: string }[]>(
      therapist,
      `/clients/${client.id}/measures/gad7/scores/`,
    );
    expect(scores.body[0]).toMatchObject({ score: 7, band: 'mild' });
    expect(assigned.status).toBe(201);
    await phone.close();
  });
});
