import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { walkFocus } from './support/a11y-checks';
import {
  A11Y_PAGES,
  type A11yIds,
  type A11yRole,
  findA11yIds,
  inTurn,
  interleaveByRole,
  openRolePages,
  visit,
} from './support/a11y-pages';
import { PHONE, useBrowser } from './support/browser';

const browser = useBrowser();

// WCAG 2.2 2.4.11 Focus Not Obscured: Tab through each page on a phone; no stop may sit under the fixed bottom
// bar, the header or any other fixed or sticky part of the page, and none may be left outside the screen.
describe('focus is never hidden on a phone', () => {
  let ids: A11yIds;
  let pageFor: (role: A11yRole) => Page;

  beforeAll(async () => {
    [ids, pageFor] = await Promise.all([findA11yIds(), openRolePages(browser(), PHONE)]);
  });

  const turn = inTurn();
  // Concurrent across roles (one tab each), in turn within a role: see interleaveByRole.
  it.concurrent.for(interleaveByRole(A11Y_PAGES).map((entry) => [entry.name, entry] as const))(
    '%s',
    ([, entry], { expect }) =>
      turn(entry.role, async () => {
        const page = pageFor(entry.role);
        await visit(page, entry, ids);
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
      }),
  );
});
