import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

// docs/product/staff.md#header: each staff tool shows its name, beside its icon on a wide screen and under it on a
// phone, and that name is the link's whole accessible name.

const browser = useBrowser();
const TOOLS = [
  { label: 'System Metrics Dashboard', path: '/metrics' },
  { label: 'Manage Users', path: '/manage' },
  { label: 'Configure Test Server', path: '/configure-test-server' },
];

function staffTools(page: Page) {
  return page.getByRole('navigation', { name: 'Staff tools' });
}

/** Where each tool's icon and name are drawn. */
async function toolBoxes(page: Page) {
  return staffTools(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return {
          text: (link as HTMLElement).innerText.trim(),
          ariaLabel: link.getAttribute('aria-label'),
          link: box(link),
          icon: box(link.querySelector('svg')),
          name: box(link.querySelector('span')),
        };
      }),
    );
}

describe('the staff header', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`names every staff tool in words (${size})`, async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await logIn(page, demoLogin('staff'));
      await page.waitForURL('**/programs');
      await staffTools(page).waitFor();

      // Each link's accessible name is exactly the text on screen.
      for (const { label } of TOOLS) {
        const link = staffTools(page).getByRole('link', { name: label, exact: true });
        expect(await link.isVisible(), label).toBe(true);
      }
      const boxes = await toolBoxes(page);
      expect(boxes.map((b) => b.text)).toEqual(TOOLS.map((t) => t.label));
      expect(boxes.map((b) => b.ariaLabel)).toEqual([null, null, null]);
      expect(await staffTools(page).getByRole('button').count(), 'no icon-only buttons').toBe(0);

      for (const { text, link, icon, name } of boxes) {
        // A big enough target, inside the screen.
        expect(link.bottom - link.top, text).toBeGreaterThanOrEqual(44);
        expect(link.left, text).toBeGreaterThanOrEqual(0);
        expect(link.right, text).toBeLessThanOrEqual(viewport.width);
        if (size === 'phone')
          expect(icon.bottom, `${text}: its name under the icon`).toBeLessThanOrEqual(name.top);
        else expect(icon.right, `${text}: its name beside the icon`).toBeLessThanOrEqual(name.left);
      }
      // The icons in one line; on a desktop the tools share the top row with the logo, on a phone a row of their own.
      expect(new Set(boxes.map((b) => Math.round(b.icon.top))).size, 'icons aligned').toBe(1);
      const brand = (await page.getByRole('link', { name: /home$/ }).boundingBox())!;
      const nav = (await staffTools(page).boundingBox())!;
      if (size === 'phone') expect(nav.y).toBeGreaterThanOrEqual(brand.y + brand.height);
      else expect(nav.y).toBeLessThan(brand.y + brand.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessible(page, `staff header (${size})`);
      await screenshot(page, `staff-header-${size}`);

      // The page a tool opens has the tool's name as its heading, and the link says it is the current page.
      const tool = TOOLS[1]!;
      await staffTools(page).getByRole('link', { name: tool.label, exact: true }).click();
      await page.waitForURL(`**${tool.path}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: tool.label }).isVisible())
        .toBe(true);
      expect(
        await staffTools(page)
          .getByRole('link', { name: tool.label, exact: true })
          .getAttribute('aria-current'),
      ).toBe('page');
      await screenshot(page, `staff-header-current-${size}`);
      await context.close();
    });
  }
});
