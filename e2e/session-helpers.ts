import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// What the session journey needs beyond support/browser.ts: layout-shift counting and geometry checks (above the
// fold, nothing covered, nothing cut off).

/** Adds up the page's layout shifts not caused by the user (window.layoutShift), from its first paint on. */
export async function countLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    w.layoutShift = 0;
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        const moved = (entry.sources ?? []).map((s) => (s.node as Element | null)?.className ?? '?');
        w.layoutShifts.push(`${entry.value.toFixed(4)} ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    return { total: w.layoutShift, shifts: w.layoutShifts };
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element on screen').not.toBeNull();
  return found!;
}

/** Entirely within the first screen and above the fixed bottom bar. */
export async function expectAboveTheFold(page: Page, locator: Locator, label: string) {
  const element = await box(locator);
  const bar = await box(page.locator('.bottom-bar'));
  expect(element.y, `${label} top`).toBeGreaterThanOrEqual(0);
  expect(element.y + element.height, `${label} above the bottom bar`).toBeLessThanOrEqual(bar.y);
}

type TBox = { x: number; y: number; width: number; height: number };

const apart = (a: TBox, b: TBox) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

/**
 * The "Exercise Complete!" toast covers none of `targets` (labelled), all read in one go while it shows: it hides
 * itself after 5 s, which on a loaded machine passed between separate reads (CI failed on that once). Returns the
 * toast's box.
 */
export async function expectToastCoversNone(page: Page, targets: Record<string, Locator>): Promise<TBox> {
  await page.evaluate(() =>
    document.querySelectorAll('[data-toast-check]').forEach((el) => el.removeAttribute('data-toast-check')),
  );
  for (const [label, locator] of Object.entries(targets))
    await locator.evaluate((el, name) => el.setAttribute('data-toast-check', name), label);
  const read = () =>
    page.evaluate(() => {
      const box = (el: Element): TBox => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const toast = [...document.querySelectorAll('[role="status"]')].find(
        (el) => el.textContent?.includes('Exercise Complete!') && el.getBoundingClientRect().height > 0,
      );
      if (!toast) return null;
      return {
        toast: box(toast),
        targets: [...document.querySelectorAll('[data-toast-check]')].map(
          (el) => [el.getAttribute('data-toast-check')!, box(el)] as const,
        ),
      };
    });
  let snapshot: Awaited<ReturnType<typeof read>> = null;
  await expect
    .poll(async () => {
      snapshot = await read();
      return snapshot !== null;
    })
    .toBe(true);
  const { toast, targets: boxes } = snapshot!;
  expect(boxes.length, 'every target found').toBe(Object.keys(targets).length);
  for (const [label, target] of boxes)
    expect(
      apart(toast, target),
      `toast over ${label}: ${JSON.stringify(toast)} over ${JSON.stringify(target)}`,
    ).toBe(true);
  return toast;
}

/**
 * No horizontal scrolling (unless `wholePage` is false), and nothing inside `scope` cut off: no element past the screen's edges, and no
 * element that hides its overflow (overflow other than visible) holding more than it shows.
 */
export async function expectNoClipping(
  page: Page,
  scope: Locator,
  label: string,
  ignore = '',
  wholePage = true,
) {
  const report = await scope.evaluate((root, skip) => {
    const width = window.innerWidth;
    const clipped = [root, ...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el instanceof HTMLElement && el.offsetParent !== null)
      .filter((el) => !el.closest('.visually-hidden') && !(skip && el.matches(skip)))
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        const hides = getComputedStyle(el).overflowX !== 'visible';
        return (hides && el.scrollWidth > el.clientWidth + 1) || rect.right > width + 1 || rect.left < -1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { overflow: document.documentElement.scrollWidth - width, clipped };
  }, ignore);
  if (wholePage) expect(report.overflow, `${label}: horizontal overflow`).toBeLessThanOrEqual(0);
  expect(report.clipped, `${label}: cut off`).toEqual([]);
}

/** Every button, link and field in the main area at least 44 px tall, and text at 18 px or more. */
export async function expectClientSized(page: Page, label: string) {
  const report = await page.evaluate(() => {
    const shown = (el: HTMLElement) => el.offsetParent !== null && el.getBoundingClientRect().height > 0;
    const targets = [
      ...document.querySelectorAll<HTMLElement>(
        'main button, main a, main textarea, main input[type=file], main label',
      ),
    ].filter(shown);
    const small = targets
      .filter((el) => !(el.tagName === 'LABEL' && !el.closest('.effort-option')))
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    const texts = [
      ...document.querySelectorAll<HTMLElement>('main p, main li, main label, main legend'),
    ].filter(shown);
    const tiny = texts
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 18)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    return { small, tiny };
  });
  expect(report.small, `${label}: small tap targets`).toEqual([]);
  expect(report.tiny, `${label}: text under 18 px`).toEqual([]);
}

/** The exercise's effort choices and I did it!: the two things every exercise asks for (its one screen). */
export function sessionControls(page: Page) {
  return {
    effort: page.getByRole('radiogroup', { name: 'Effort: how hard was it?' }),
    done: page.getByRole('button', { name: 'I did it!' }),
  };
}

/** How far the effort choices and I did it! are from being entirely on screen, above the bottom bar (0: they are). */
export async function controlsOffScreen(page: Page): Promise<number> {
  const { effort, done } = sessionControls(page);
  const top = (await box(effort)).y;
  const doneBox = await box(done);
  const bar = await page.locator('.bottom-bar').boundingBox();
  const floor = bar ? bar.y : page.viewportSize()!.height;
  return Math.max(0, -top) + Math.max(0, doneBox.y + doneBox.height - floor);
}

export function scrollTop(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollTop);
}

/**
 * One scroll, as a reader would: the mouse wheel, by as much as brings the effort choices' top to the top of the
 * screen. Returns once the page stops moving.
 */
export async function scrollOnceToControls(page: Page) {
  const { effort } = sessionControls(page);
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width / 2, viewport.height / 3);
  await page.mouse.wheel(0, (await box(effort)).y - 4);
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrollTop(page);
      const still = now === last;
      last = now;
      return still && now > 0;
    })
    .toBe(true);
}

/** `inner` lies entirely inside the viewport and above the bottom bar. */
export async function expectFullyShown(page: Page, inner: Locator, label: string) {
  const shown = await box(inner);
  const bar = await page.locator('.bottom-bar').boundingBox();
  const floor = bar ? bar.y : page.viewportSize()!.height;
  expect(shown.y, `${label}: top`).toBeGreaterThanOrEqual(0);
  expect(shown.y + shown.height, `${label}: above the bottom bar`).toBeLessThanOrEqual(floor);
}
