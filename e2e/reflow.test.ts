import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';
import { reflowReport } from './support/a11y-checks';
import { testEveryA11yPage } from './support/a11y-journey';
import { useBrowser } from './support/browser';

const browser = useBrowser();
/** 1280 px at 400% zoom (WCAG 1.4.10). */
const NARROW = { width: 320, height: 640 };
const shotDir = process.env.A11Y_SCREENSHOTS;

describe('reflow at 320 CSS px, text and target sizes, heading order', () => {
  testEveryA11yPage(browser, NARROW, async ({ page, entry, ids, expect }) => {
    // Client pages: 18 px text and 44 px targets; everyone else 16 px and 24 px (2.5.8's minimum).
    const client = entry.role === 'client';
    const report = await page.evaluate(reflowReport, {
      minText: client ? 18 : 16,
      minTarget: client ? 44 : 24,
    });
    if (shotDir) {
      mkdirSync(shotDir, { recursive: true });
      const file = `${entry.name.replace(/\W+/g, '-')}.png`;
      await page.screenshot({ path: path.join(shotDir, file), fullPage: true });
    }
    const problems = [
      ...(report.scrollWidth > NARROW.width ? [`scrolls sideways: ${report.scrollWidth}px wide`] : []),
      ...report.clipped.map((c) => `clipped: ${c}`),
      ...report.smallText.map((t) => `text too small: ${t}`),
      ...report.smallTargets.map((t) => `target too small: ${t}`),
      ...report.headings.map((h) => `headings: ${h}`),
    ];
    expect(problems, `${entry.name} (${entry.path(ids)})`).toEqual([]);
  });
});
