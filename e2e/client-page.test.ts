import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { addClient } from './support/program-with-media';
import { createProgram, therapistToken } from './support/client-factory';
import { cardNames, clientRows } from './support/clients-list';
import { sydneyDate } from './support/dates';

// docs/product/clients.md#client-page: the program cards (a tap opens the program), their menu, the Active and
// Past tabs with the Past filters, View Summary and Delete.

const browser = useBrowser();

describe('the client page', () => {
  it("opens a program with a tap on its card, and works the card's menu, tabs and filters", async () => {
    const context = await newContext(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');

    // A client of one program (made through the API), deleted from its card's menu.
    const clientId = await addClient(await therapistToken(), `Cards${Date.now()}`);
    const programName = `Morning routine ${Date.now()}`;
    await createProgram(await therapistToken(), clientId, {
      name: programName,
      start_date: sydneyDate(),
      end_date: sydneyDate(56),
      exercises: ['Sit to stand'],
    });
    await page.goto(`/client/${clientId}`);
    await expect.poll(() => cardNames(page)).toEqual([programName]);
    await page.getByRole('button', { name: `Program actions for ${programName}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Program' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain(
      `Are you sure you want to delete ${programName}? This action will also delete the exercises and feedback in the program, and cannot be undone.`,
    );
    await expectAccessible(page, 'delete program dialog');
    await screenshot(page, 'client-delete-program-phone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    const empty = page.getByRole('tabpanel').getByText('No programs found in this category.');
    await expect.poll(() => empty.isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => empty.isVisible()).toBe(true);

    // The demo client's programs (demo seed): Active and Past tabs, the Past filters, and the summary.
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await clientRows(page).filter({ hasText: 'Walker, Chris' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Walker, Chris' }).isVisible())
      .toBe(true);
    await expect.poll(() => cardNames(page)).toContain('Balance and leg strength');
    const active = await cardNames(page);
    expect(active).toContain('Arm and hand strength');
    expect(active).not.toContain('Early walking program');
    const draftCard = page.getByRole('article', { name: 'Arm and hand strength' });
    expect(await draftCard.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    const activeCard = page.getByRole('article', { name: 'Balance and leg strength' });
    expect(await activeCard.getByText('Draft', { exact: true }).count()).toBe(0);
    expect(await activeCard.innerText()).toMatch(/Last completed:?\s*\d{2}\/\d{2}\/\d{4}/);
    expect(await activeCard.innerText()).toContain('Physiotherapist');
    // The card holds one link (its name) and one button (its menu), neither inside the other.
    expect(await activeCard.getByRole('link').count()).toBe(1);
    expect(await activeCard.getByRole('button').count()).toBe(1);
    expect(await activeCard.locator('a button, button a, a a').count()).toBe(0);
    await expectAccessible(page, 'client page');
    await screenshot(page, 'client-active-phone', activeCard);

    await page.getByRole('tab', { name: 'Past' }).click();
    await expect.poll(() => cardNames(page)).toContain('Early walking program');
    const past = await cardNames(page);
    expect(past.some((name) => active.includes(name))).toBe(false);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByLabel('Keyword').fill('no program is called this');
    await expect.poll(() => empty.isVisible()).toBe(true);
    await page.getByLabel('Keyword').fill('WALKING');
    await expect.poll(() => cardNames(page)).toContain('Early walking program');
    await page.getByLabel('Discipline').selectOption('Physiotherapist');
    await expect.poll(() => cardNames(page)).toContain('Early walking program');
    // The program started about two months ago: not in the month six months away.
    const otherMonth = ((new Date().getMonth() + 6) % 12) + 1;
    await page.getByLabel('Month', { exact: true }).selectOption(String(otherMonth));
    await expect.poll(() => empty.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    expect(await page.getByLabel('Keyword').inputValue()).toBe('');
    expect(await page.getByLabel('Month', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => cardNames(page)).toEqual(past);
    await expectAccessible(page, 'past tab with filters');
    await screenshot(page, 'client-past-filters-phone');

    // View Summary of the active program, and copy it. The menu no longer offers View: the card does.
    await page.getByRole('tab', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Program actions for Balance and leg strength' }).click();
    expect(await page.getByRole('link', { name: 'View', exact: true }).count()).toBe(0);
    // Every item sits above the fixed bottom bar, even for the last card on a phone.
    const barTop = await page.locator('.bottom-bar').evaluate((el) => el.getBoundingClientRect().top);
    await expect
      .poll(async () => (await page.getByRole('button', { name: 'Delete' }).boundingBox())?.y ?? Infinity)
      .toBeLessThan(barTop - 44);
    await expectAccessible(page, 'program menu');
    await screenshot(page, 'client-program-menu-phone');
    await page.getByRole('button', { name: 'View Summary' }).click();
    const summary = page.getByRole('dialog', { name: 'Program Summary' });
    await expect.poll(() => summary.isVisible()).toBe(true);
    const text = await summary.getByTestId('program-summary-text').innerText();
    expect(text.startsWith('Balance and leg strength\n')).toBe(true);
    // The demo's dosage, in words under each name (docs/product/programs-and-exercises.md#dosage).
    expect(text).toContain(
      '\n1. Sit to stand\n2 sets of 10 · rest 1 minute between sets\nSit on a firm chair',
    );
    expect(text).toContain('\n2. Heel raises\n');
    expect(text).toContain('\n3. Standing balance\n');
    await summary.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect.poll(() => summary.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await expectAccessible(page, 'program summary');
    await screenshot(page, 'client-program-summary-phone');
    // "Copied!" goes back to the button's name after 2 seconds.
    await expect
      .poll(() => summary.getByRole('button', { name: 'Copy to Clipboard' }).isVisible(), { timeout: 4000 })
      .toBe(true);
    await summary.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => summary.isVisible()).toBe(false);

    // A tap on the card, away from its name, opens the program for today in the browser's zone (Sydney).
    const box = (await activeCard.boundingBox())!;
    await page.mouse.click(box.x + box.width / 3, box.y + box.height - 12);
    await page.waitForURL(
      (url) => /^\/program\/\d+$/.test(url.pathname) && url.searchParams.get('date') === sydneyDate(),
    );
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Balance and leg strength' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('shows the client page at desktop size, where the keyboard opens a card', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await clientRows(page).filter({ hasText: 'Walker, Chris' }).click();
    await expect.poll(() => cardNames(page)).toContain('Balance and leg strength');
    await expectAccessible(page, 'client page desktop');
    await screenshot(page, 'client-active-desktop', page.getByRole('tab', { name: 'Active' }));
    const card = page.getByRole('article', { name: 'Balance and leg strength' });
    // Reached with the keyboard, the whole card shows the focus.
    await card.getByRole('link', { name: 'Balance and leg strength' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Balance and leg strength');
    expect(await card.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await screenshot(page, 'client-card-focus-desktop', card);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/program\/\d+$/.test(url.pathname));
    await page.goBack();
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expectAccessible(page, 'past tab desktop');
    await screenshot(page, 'client-past-filters-desktop');
    await context.close();
  });
});
