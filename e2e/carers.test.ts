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
import { EFFORT_LABELS } from '@hep/shared/domain/effort';
import {
  activateFromMail,
  api,
  createActiveClient,
  createProgram,
  logInApi,
  therapistToken,
} from './support/client-factory';
import { sydneyDate } from './support/dates';

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
    const password = 'helping mum every day';
    await activateFromMail({ email: carerEmail, password });
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

  it('a carer signs in, sees whom they help, does the session for the client, and the therapist sees who entered it', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Cared');
    const today = sydneyDate();
    const program = await createProgram(therapist, client.id, {
      name: 'Daily moves',
      start_date: sydneyDate(-7),
      end_date: sydneyDate(30),
      exercises: ['Sit to stand'],
    });
    const exercise = program.exercises[0]!;
    const email = `maria.${Date.now()}@cared.e2e.test`;
    const invited = await api(therapist, `/clients/${client.id}/carers/`, {
      method: 'POST',
      body: { first_name: 'Maria', last_name: 'Cared', email, relationship: 'Daughter', access: 'full' },
    });
    expect(invited.status).toBe(201);
    const assigned = await api(therapist, `/clients/${client.id}/measures/`, {
      method: 'POST',
      body: { instrument: 'gad7', first_due: today, every_days: 7 },
    });
    expect(assigned.status).toBe(201);
    const password = 'helping mum every day';
    await activateFromMail({ email, password });
    const carer = { email, password };
    const carerToken = (await logInApi(carer)).token;
    const terms = await api(carerToken, '/terms/', {
      method: 'POST',
      body: { privacy: true, waiver: true, terms: true },
    });
    expect(terms.status).toBeLessThan(300);

    const phone = await newContext(browser(), PHONE);
    const page = await phone.newPage();
    await logIn(page, carer);
    await page.waitForURL('**/helping');
    await expect.poll(() => page.getByText('You are helping Wendy.').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("Wendy Cared's programs");
    const bar = page.getByRole('navigation', { name: 'Main' });
    expect(await bar.getByRole('link', { name: 'Helping' }).isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: /^Messages/ }).count()).toBe(0);
    await screenshot(page, 'carers-helping-phone');
    await expectAccessible(page, 'a carer’s home', { everyImpact: true });

    // A log or full link answers the client's questionnaires too, and Thank you leads back to Helping.
    await page.getByRole('link', { name: 'Answer GAD-7' }).click();
    for (let question = 1; question <= 7; question += 1) {
      await expect.poll(() => page.getByText(`${question} of 7`, { exact: true }).isVisible()).toBe(true);
      await page.getByRole('radio', { name: 'Several days' }).check();
      await page.getByRole('button', { name: question === 7 ? 'Send answers' : 'Next' }).click();
    }
    await expect
      .poll(() => page.getByText('Your answers were sent to your therapist.').isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Back to today' }).click();
    await page.waitForURL('**/helping');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("Wendy Cared's programs");
    expect(await page.getByRole('link', { name: 'Answer GAD-7' }).count()).toBe(0);
    const scores = await api<{ entered_by: { name: string; role: string } }[]>(
      therapist,
      `/clients/${client.id}/measures/gad7/scores/`,
    );
    expect(scores.body.map((score) => score.entered_by)).toEqual([
      expect.objectContaining({ name: 'Maria Cared', role: 'carer' }),
    ]);

    // The carer may get the client's reminders too.
    const remind = page.getByRole('switch', { name: 'Remind me when Wendy has exercises to do' });
    await remind.check();
    await expect
      .poll(
        async () => (await api<{ receives_reminders: boolean }[]>(carerToken, '/carers/me/clients/')).body,
      )
      .toEqual([expect.objectContaining({ receives_reminders: true })]);
    await screenshot(page, 'carers-reminders-phone', remind);

    await page.getByRole('link', { name: /Daily moves/ }).click();
    await page.waitForURL(`**/program/${program.id}`);
    await expect.poll(() => page.getByText('You are helping Wendy.').isVisible()).toBe(true);
    // The client's view of the program, not the care team's: nothing to edit.
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Daily moves' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: /^Edit/ }).count()).toBe(0);

    await page.goto(`/program/${program.id}/session?date=${today}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Sit to stand', exact: true }).isVisible())
      .toBe(true);
    await page.getByRole('radio', { name: new RegExp(`^5 ${EFFORT_LABELS[5]}`) }).click();
    await page.getByRole('button', { name: 'I did it!' }).click();
    const saved = async () => {
      const rows = await api<{ effort_rating: number }[]>(therapist, `/feedback/?exercise=${exercise.id}`);
      return rows.body.map((row) => row.effort_rating);
    };
    await expect.poll(saved).toEqual([5]);
    await screenshot(page, 'carers-session-done-phone');

    const desk = await newContext(browser(), DESKTOP);
    const staffPage = await desk.newPage();
    await logIn(staffPage, demoLogin('therapist'));
    await staffPage.waitForURL('**/clients');
    await staffPage.goto(`/exercise/${exercise.id}/feedback`);
    await expect.poll(() => staffPage.getByText('Entered by Maria Cared (carer)').isVisible()).toBe(true);
    await screenshot(
      staffPage,
      'carers-entered-by-desktop',
      staffPage.getByText('Entered by Maria Cared (carer)'),
    );

    // A full link also writes to the care team, under the carer's own name.
    await page.goto('/helping');
    await page.getByRole('link', { name: 'Messages with the care team' }).click();
    await page.waitForURL(`**/messages?client=${client.id}`);
    await page.getByLabel('Message', { exact: true }).fill('Mum managed all ten today.');
    await page.getByRole('button', { name: 'Send' }).click();
    const mine = page.getByRole('listitem').filter({ hasText: 'Mum managed all ten today.' });
    await expect.poll(() => mine.textContent()).toContain('You,');
    await expectAccessible(page, 'a carer’s messages');
    await staffPage.goto(`/client/${client.id}/messages`);
    await expect
      .poll(() =>
        staffPage.getByRole('listitem').filter({ hasText: 'Mum managed all ten today.' }).textContent(),
      )
      .toContain('Maria Cared,');
    await phone.close();
    await desk.close();
  });
});
