import { describe } from 'vitest';
import { walkFocus } from './support/a11y-checks';
import { testEveryA11yPage } from './support/a11y-journey';
import { PHONE, useBrowser } from './support/browser';

const browser = useBrowser();

// WCAG 2.2 2.4.11 Focus Not Obscured: Tab through each page on a phone; no stop may sit under the fixed bottom
// bar, the header or any other fixed or sticky part of the page, and none may be left outside the screen.
describe('focus is never hidden on a phone', () => {
  testEveryA11yPage(browser, PHONE, async ({ page, entry, ids, expect }) => {
    const stops = await walkFocus(page);
    expect(stops.length, `${entry.name}: focus stops`).toBeGreaterThan(0);
    const hidden = stops
      .map((stop, i) =>
        stop.coveredBy
          ? `stop ${i + 1} ${stop.label} is under ${stop.coveredBy}`
          : stop.outOfView
            ? `stop ${i + 1} ${stop.label} is off the screen`
            : null,
      )
      .filter((line) => line !== null);
    expect(hidden, `${entry.name} (${entry.path(ids)}), ${stops.length} stops`).toEqual([]);
  });
});
