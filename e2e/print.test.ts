import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { createActiveClient, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { createProgramWithMedia, type ExerciseSpec } from './support/program-with-media';

const browser = useBrowser();
const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

const LONG =
  'Stand tall beside a kitchen bench and rest one hand on it. Breathe out as you move, and keep the movement slow ' +
  'and even. Stop if you feel dizzy or sharp pain, sit down, and tell your therapist at the next visit.';

const EXERCISES: ExerciseSpec[] = [
  { name: 'Heel raises', instructions: LONG, dosage: { sets: 3, reps: 10, side: 'both' }, photo: true },
  { name: 'Sit to stand', instructions: LONG, dosage: { reps: 8, rest_seconds: 30 }, photo: true },
  { name: 'Side steps', instructions: LONG, dosage: { reps: 10, side: 'left' } },
  { name: 'Arm reach', instructions: LONG, dosage: { sets: 2, reps: 12, times_per_day: 2 }, photo: true },
  { name: 'Tandem stand', instructions: LONG, dosage: { hold_seconds: 30 } },
  { name: 'Marching', instructions: LONG },
];

/** The QR code as the page draws it, read back by a QR decoder: the text a phone camera would get. */
async function readQrCode(page: Page): Promise<string | null> {
  const { width, height, data } = await page.evaluate(async () => {
    const svg = document.querySelector('svg.print-qr-code')!;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, 400, 400);
    const pixels = context.getImageData(0, 0, 400, 400);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

/** Headings in the PDF's outline (Chromium makes one from h1-h6): the PDF's own text, without decoding its pages. */
function outlineTitles(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/Title\s*(?:<([0-9A-Fa-f]+)>|\(((?:\\.|[^\\)])*)\))/g)].map(
    ([, hex, literal]) => {
      if (literal !== undefined) return literal.replace(/\\(.)/g, '$1');
      const bytes = Buffer.from(hex!, 'hex');
      // UTF-16BE with a byte order mark, as PDF text strings outside Latin-1 are written.
      if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
      return bytes.toString('latin1');
    },
  );
}

function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

async function waitForPhotos(page: Page, count: number) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('img.print-exercise-photo')].filter(
            (img) => img.complete && img.naturalWidth > 0,
          ).length,
      ),
    )
    .toBe(count);
}

// docs/product/library-and-templates.md#print-page
describe('print page', () => {
  it('prints a program on A4 and Letter: client, dates, days, photos, dosage, instructions and a QR code', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, `Printer${Date.now()}`);
    const program = await createProgramWithMedia(therapist, client.id, {
      name: `Home balance ${Date.now()}`,
      start_date: sydneyDate(),
      end_date: sydneyDate(41),
      days: ['MON', 'WED', 'FRI'],
      exercises: EXERCISES,
    });
    const programUrl = `${inject('baseUrl')}/program/${program.id}`;

    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');

    // From the card menu on the client page.
    await page.goto(`/client/${client.id}`);
    await page.getByRole('button', { name: `Program actions for ${program.name}`, exact: true }).click();
    await page.getByRole('link', { name: 'Print' }).click();
    await page.waitForURL(`**/program/${program.id}/print`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    const sheet = page.locator('.print-sheet');
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain(`Wendy ${client.lastName}`);
    expect(text).toContain('Monday, Wednesday and Friday');
    expect(text).toMatch(/\d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}/);
    for (const words of [
      '3 sets of 10 · both sides',
      '8 times · rest 30 seconds between sets',
      '2 sets of 12 · twice a day',
      'hold 30 seconds',
    ])
      expect(text).toContain(words);
    for (const { name } of EXERCISES) expect(text).toContain(name);
    await waitForPhotos(page, 3);
    expect(await readQrCode(page)).toBe(programUrl);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    await expectAccessible(page, 'print page');
    await screenshot(page, 'print-screen-phone');

    // On paper: no shell, no toolbar, black on white, exercises kept whole.
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const shown = (selector: string) => {
        const el = document.querySelector(selector);
        return el !== null && getComputedStyle(el).display !== 'none';
      };
      const exercise = document.querySelector('.print-exercise')!;
      return {
        header: shown('.app-header'),
        bottomBar: shown('.bottom-bar'),
        toolbar: shown('.print-toolbar'),
        breakInside: getComputedStyle(exercise).breakInside,
        colour: getComputedStyle(document.querySelector('.print-exercise-instructions')!).color,
        text: document.querySelector('main')!.innerText,
      };
    });
    expect(printed).toMatchObject({
      header: false,
      bottomBar: false,
      toolbar: false,
      breakInside: 'avoid',
      colour: 'rgb(0, 0, 0)',
    });
    for (const { name } of EXERCISES) expect(printed.text).toContain(name);
    await page.screenshot({ path: path.join(screenshotDir, 'print-paper-phone.png'), fullPage: true });

    mkdirSync(screenshotDir, { recursive: true });
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, outline: true, tagged: true });
      writeFileSync(path.join(screenshotDir, `print-${format}.pdf`), pdf);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Six exercises, three with photos: more than one page, and never one per exercise.
      const pages = pageCount(pdf);
      expect(pages, `${format} pages`).toBeGreaterThanOrEqual(2);
      expect(pages, `${format} pages`).toBeLessThanOrEqual(4);
      const titles = outlineTitles(pdf);
      expect(titles).toContain(program.name);
      for (const { name } of EXERCISES)
        expect(
          titles.some((title) => title.includes(name)),
          name,
        ).toBe(true);
    }
    await context.close();

    // Desktop, on screen and on paper.
    const desktop = await newContext(browser(), DESKTOP);
    const wide = await desktop.newPage();
    await logIn(wide, demoLogin('therapist'));
    await wide.waitForURL('**/clients');
    await wide.goto(`/program/${program.id}/print`);
    await expect
      .poll(() => wide.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    await waitForPhotos(wide, 3);
    await expectAccessible(wide, 'print page desktop');
    await screenshot(wide, 'print-screen-desktop');
    await wide.emulateMedia({ media: 'print' });
    await wide.screenshot({ path: path.join(screenshotDir, 'print-paper-desktop.png'), fullPage: true });
    await desktop.close();

    // The client prints their own program too.
    const clientContext = await newContext(browser());
    const clientPage = await clientContext.newPage();
    await logIn(clientPage, client);
    await clientPage.waitForURL('**/programs');
    await clientPage.goto(`/program/${program.id}/print`);
    await expect
      .poll(() => clientPage.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    await waitForPhotos(clientPage, 3);
    expect(await readQrCode(clientPage)).toBe(programUrl);
    await expectAccessible(clientPage, 'print page for the client');
    await clientContext.close();
  });
});
