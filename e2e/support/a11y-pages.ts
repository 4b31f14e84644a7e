import type { Browser, Page } from 'playwright-core';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TClientListItem } from '@hep/shared/schemas/clients';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { expect } from 'vitest';
import { demoLogin, logIn, newContext } from './browser';
import { api, logInApi } from './client-factory';
import { sydneyDate } from './dates';

// Every page each role can reach (apps/web/src/app/routes.tsx), for the WCAG 2.2 journeys (focus not obscured,
// reflow, text and target sizes). A new page is one more entry in A11Y_PAGES.

export type A11yRole = 'public' | 'client' | 'therapist' | 'staff';

/** The demo clinic's records the pages are about. */
export interface A11yIds {
  clientUserId: number;
  therapistUserId: number;
  staffUserId: number;
  programId: number;
  exerciseId: number;
  templateId: number;
  /** A client with a very long name and email (reflow of names that do not fit). */
  longClientId: number;
}

export interface A11yPage {
  role: A11yRole;
  name: string;
  path: (ids: A11yIds) => string;
  /** Opens a menu or dialog once the page is there; the checks then run on what it shows. */
  open?: (page: Page) => Promise<void>;
}

/**
 * Clicks the first button named `name` (a string matches the start of the name), in English or in the pseudo-locale,
 * whose names read the English letters accented and padded with "ẋ" words: each name is read back without them.
 */
const openButton = (name: string | RegExp) => async (page: Page) => {
  const pattern =
    typeof name === 'string'
      ? { source: `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, flags: '' }
      : { source: name.source, flags: name.flags };
  // The page's heading can paint before the rest of it (the program form's exercises load after the title): the
  // button is waited for, on a loaded machine as long as any page is.
  const found = await page
    .waitForFunction(
      ({ source, flags }) => {
        const plain: Record<string, string> = { ƀ: 'b', ƥ: 'p', Ƥ: 'P', ƒ: 'f', Ƒ: 'F' };
        const unpseudo = (text: string) =>
          text
            .replace(/(^|\s)ẋ+(?=\s|$)/gu, '')
            .replace(/[ƀƥƤƒƑ]/g, (c) => plain[c]!)
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .replace(/\s+/g, ' ')
            .trim();
        const wanted = new RegExp(source, flags);
        const button = [...document.querySelectorAll('button')].find((b) =>
          wanted.test(unpseudo(b.getAttribute('aria-label') ?? b.textContent ?? '')),
        );
        document.querySelectorAll('[data-a11y-open]').forEach((b) => b.removeAttribute('data-a11y-open'));
        button?.setAttribute('data-a11y-open', '');
        return button !== undefined;
      },
      pattern,
      { timeout: 15_000, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!found) throw new Error(`no button named ${String(name)}`);
  await page.locator('[data-a11y-open]').click();
  await page.locator('.modal.show, .dropdown-menu.show').first().waitFor();
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
};

export const A11Y_PAGES: A11yPage[] = [
  { role: 'public', name: 'login', path: () => '/' },
  { role: 'public', name: 'reset password', path: () => '/reset-password' },
  { role: 'public', name: 'logged out', path: () => '/logged-out' },
  { role: 'public', name: 'not found', path: () => '/no/such/page' },

  { role: 'client', name: 'client programs', path: () => '/programs' },
  { role: 'client', name: 'client program', path: (ids) => `/program/${ids.programId}` },
  {
    role: 'client',
    name: 'client session',
    path: (ids) => `/program/${ids.programId}/session?date=${sydneyDate()}`,
  },
  { role: 'client', name: 'client print', path: (ids) => `/program/${ids.programId}/print` },
  { role: 'client', name: 'client details', path: (ids) => `/user/${ids.clientUserId}` },
  { role: 'client', name: 'client edit profile', path: (ids) => `/user/${ids.clientUserId}/edit` },
  { role: 'client', name: 'client change password', path: () => '/change-password' },
  { role: 'client', name: 'client terms', path: () => '/terms' },

  { role: 'therapist', name: 'clients', path: () => '/clients' },
  { role: 'therapist', name: 'create client', path: () => '/client/create' },
  { role: 'therapist', name: 'client', path: (ids) => `/client/${ids.clientUserId}` },
  {
    role: 'therapist',
    name: 'program actions menu',
    path: (ids) => `/client/${ids.clientUserId}`,
    open: openButton(/^Program actions for/),
  },
  { role: 'therapist', name: 'long-named client', path: (ids) => `/client/${ids.longClientId}` },
  { role: 'therapist', name: 'edit client', path: (ids) => `/client/edit/${ids.longClientId}` },
  { role: 'therapist', name: 'add program', path: (ids) => `/program/add/${ids.clientUserId}` },
  {
    role: 'therapist',
    name: 'edit program',
    path: (ids) => `/program/edit/${ids.clientUserId}/${ids.programId}`,
  },
  {
    role: 'therapist',
    name: 'duplicate program',
    path: (ids) => `/program/duplicate/${ids.clientUserId}/${ids.programId}`,
  },
  {
    role: 'therapist',
    name: 'library picker dialog',
    path: (ids) => `/program/edit/${ids.clientUserId}/${ids.programId}`,
    open: openButton('Add from library'),
  },
  { role: 'therapist', name: 'therapist program', path: (ids) => `/program/${ids.programId}` },
  {
    role: 'therapist',
    name: 'program more menu',
    path: (ids) => `/program/${ids.programId}`,
    open: openButton('More program actions'),
  },
  { role: 'therapist', name: 'therapist print', path: (ids) => `/program/${ids.programId}/print` },
  { role: 'therapist', name: 'exercise feedback', path: (ids) => `/exercise/${ids.exerciseId}/feedback` },
  { role: 'therapist', name: 'templates', path: () => '/templates' },
  { role: 'therapist', name: 'edit template', path: (ids) => `/templates/${ids.templateId}` },
  { role: 'therapist', name: 'library', path: () => '/library' },
  {
    role: 'therapist',
    name: 'library add dialog',
    path: () => '/library',
    open: openButton(/^Add exercise/i),
  },
  { role: 'therapist', name: 'therapist details', path: (ids) => `/user/${ids.therapistUserId}` },
  { role: 'therapist', name: 'therapist edit profile', path: (ids) => `/user/${ids.therapistUserId}/edit` },
  { role: 'therapist', name: 'therapist change password', path: () => '/change-password' },

  { role: 'staff', name: 'metrics', path: () => '/metrics' },
  { role: 'staff', name: 'manage users', path: () => '/manage' },
  {
    role: 'staff',
    name: 'add therapist dialog',
    path: () => '/manage',
    open: openButton(/^Add Therapist/i),
  },
  { role: 'staff', name: 'configure test server', path: () => '/configure-test-server' },
  { role: 'staff', name: 'staff programs', path: () => '/programs' },
  { role: 'staff', name: 'staff details', path: (ids) => `/user/${ids.staffUserId}` },
];

/**
 * The pages in the order the journeys start them: one of each role in turn, so that the roles (each with its own
 * tab, see `openRolePages`) are checked side by side while each role's pages go one after another (`inTurn`).
 */
export function interleaveByRole(pages: A11yPage[]): A11yPage[] {
  const roles = [...new Set(pages.map((p) => p.role))];
  const byRole = roles.map((role) => pages.filter((p) => p.role === role));
  const longest = Math.max(...byRole.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => byRole.map((list) => list[i]))
    .flat()
    .filter((p) => p !== undefined);
}

/** Runs tasks of the same role one after another (they share one tab), whatever the previous one's outcome. */
export function inTurn() {
  const tails = new Map<A11yRole, Promise<unknown>>();
  return <T>(role: A11yRole, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(role) ?? Promise.resolve()).catch(() => undefined).then(task);
    tails.set(role, run);
    return run;
  };
}

/** The demo records, looked up through the API, and one client with a long name and email added for reflow. */
export async function findA11yIds(): Promise<A11yIds> {
  const [therapist, client, staff] = await Promise.all([
    logInApi(demoLogin('therapist')),
    logInApi(demoLogin('client')),
    logInApi(demoLogin('staff')),
  ]);
  const programs = await api<TProgram[]>(client.token, '/programs/');
  const program = programs.body.find((p) => p.exercises.length > 0);
  const templates = await api<TTemplate[]>(therapist.token, '/templates/');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const long = await api<{ id: number }>(therapist.token, '/users/add/', {
    method: 'POST',
    body: {
      first_name: 'Maximiliana-Josephine',
      last_name: 'Featherstonehaugh-Wolfeschlegel',
      date_of_birth: '1949-11-23',
      email: `maximiliana.featherstonehaugh.${stamp}@rehabilitation-services.e2e.test`,
      mobile: '0400 123 456',
      condition: 'Functional Neurological Disease',
    },
  });
  if (!program || !templates.body[0] || long.status !== 201) {
    throw new Error(`demo data missing: ${programs.status} ${templates.status} ${long.status}`);
  }
  const clients = await api<TClientListItem[]>(therapist.token, '/users/clients/');
  expect(clients.body.some((c) => c.id === long.body.id)).toBe(true);
  return {
    clientUserId: client.userId,
    therapistUserId: therapist.userId,
    staffUserId: staff.userId,
    programId: program.id,
    exerciseId: program.exercises[0]!.id,
    templateId: templates.body[0].id,
    longClientId: long.body.id,
  };
}

/** One page per role, signed in once (public pages get a signed-out page), reused for every page of that role. */
export async function openRolePages(
  browser: Browser,
  viewport: { width: number; height: number },
  /** `pseudo`: after signing in (in English), every page opens in the pseudo-locale (e2e/i18n-pseudo.test.ts). */
  language?: 'pseudo',
  onPage?: (page: Page) => void,
) {
  const pages = new Map<A11yRole, Page>();
  await Promise.all(
    (['public', 'client', 'therapist', 'staff'] as const).map(async (role) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      // Leaving a page with an open dialog may ask about unsaved changes (beforeunload): leave.
      page.on('dialog', (dialog) => void dialog.accept());
      onPage?.(page);
      if (role !== 'public') {
        await logIn(page, demoLogin(role));
        await page.waitForURL(role === 'therapist' ? '**/clients' : '**/programs');
      }
      if (language) {
        await context.addInitScript((chosen) => localStorage.setItem('hep_language', chosen), language);
        if (role !== 'public') await page.reload();
      }
      pages.set(role, page);
    }),
  );
  return (role: A11yRole) => pages.get(role)!;
}

/**
 * Goes to the page and waits until it has its heading and nothing is still loading. Within the app it moves the
 * way a link does (the history API), which is much faster than loading the app again for every page.
 */
export async function visit(page: Page, entry: A11yPage, ids: A11yIds) {
  const to = entry.path(ids);
  const here = new URL(page.url());
  const dialogOpen = await page.locator('.modal.show').count();
  // A dialog or menu opens on a fresh load of its page, whatever the walk before it left behind.
  if (here.protocol === 'about:' || dialogOpen > 0 || entry.open) {
    await page.goto(to);
  } else if (here.pathname !== to) {
    await page.evaluate((path) => {
      document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-left', ''));
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  }
  await page.locator('h1:not([data-left])').first().waitFor({ state: 'visible', timeout: 15_000 });
  // Tests of different roles run side by side: wait with the page's own means, not a test's expect.poll.
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"], .route-progress') === null &&
      ![...document.querySelectorAll('[role="status"]')].some((s) => /loading/i.test(s.textContent ?? '')),
    null,
    { timeout: 15_000, polling: 50 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (entry.open) await entry.open(page);
}
