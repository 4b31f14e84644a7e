import type { Browser, Page } from 'playwright-core';
import { beforeAll, type ExpectStatic, it } from 'vitest';
import {
  A11Y_PAGES,
  type A11yIds,
  type A11yPage,
  type A11yRole,
  findA11yIds,
  inTurn,
  interleaveByRole,
  openRolePages,
  visit,
} from './a11y-pages';

// The frame of the WCAG 2.2 journeys that check every page (focus not obscured, reflow): one test per page.

export interface A11yCheck {
  page: Page;
  entry: A11yPage;
  ids: A11yIds;
  /** The test's own expect (the tests run concurrently). */
  expect: ExpectStatic;
}

/**
 * One test per page of A11Y_PAGES, named after it, in a tab of its role at `viewport`: the page is visited, then
 * `check`ed. Concurrent across roles (one tab each), in turn within a role: see interleaveByRole. Call inside a
 * describe.
 */
export function testEveryA11yPage(
  browser: () => Browser,
  viewport: { width: number; height: number },
  check: (on: A11yCheck) => Promise<void>,
  options: {
    /** Every page in the pseudo-locale. */
    language?: 'pseudo';
    /** Called with each role's tab once it is open (before any page is visited). */
    onPage?: (page: Page) => void;
  } = {},
) {
  let ids: A11yIds;
  let pageFor: (role: A11yRole) => Page;

  beforeAll(async () => {
    [ids, pageFor] = await Promise.all([
      findA11yIds(),
      openRolePages(browser(), viewport, options.language, options.onPage),
    ]);
  });

  const turn = inTurn();
  it.concurrent.for(interleaveByRole(A11Y_PAGES).map((entry) => [entry.name, entry] as const))(
    '%s',
    ([, entry], { expect }) =>
      turn(entry.role, async () => {
        const page = pageFor(entry.role);
        await visit(page, entry, ids);
        await check({ page, entry, ids, expect });
      }),
  );
}
