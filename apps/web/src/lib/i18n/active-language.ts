import { i18n } from '@lingui/core';
import ltrStylesheet from 'bootstrap/dist/css/bootstrap.min.css?url';
import rtlStylesheet from 'bootstrap/dist/css/bootstrap.rtl.min.css?url';
import type { TLanguage } from '@hep/shared/languages';
import { directionOf, isLanguage, languageFromBrowser, PSEUDO, type TUiLanguage } from './languages';

/** The language chosen on the login, activation or reset page, kept until someone signs in (design: languages). */
const CHOICE_KEY = 'hep_language';

type TCatalog = { messages: Record<string, unknown> };
/** A first-paint page's own part of the catalog: the texts of that page that the shell's part lacks. */
export type TPagePart = 'login' | 'programs';
type TPart = TPagePart | 'rest';

/**
 * Only the active language's catalog is fetched, in parts (scripts/compile-catalogs.mjs): the shell's texts, which
 * every first paint shows; the login page's and the client's landing page's, each fetched with its page; and the
 * rest, which the other pages wait for.
 */
const shellParts = import.meta.glob<TCatalog>('../../locales/*.first.ts');
const otherParts: Record<TPart, Record<string, () => Promise<TCatalog>>> = {
  login: import.meta.glob<TCatalog>('../../locales/*.login.ts'),
  programs: import.meta.glob<TCatalog>('../../locales/*.programs.ts'),
  rest: import.meta.glob<TCatalog>('../../locales/*.rest.ts'),
};
const PARTS = Object.keys(otherParts) as TPart[];

function loaderOf(part: TPart, language: TUiLanguage): () => Promise<TCatalog> {
  const load = otherParts[part][`../../locales/${language}.${part}.ts`];
  if (!load) throw new Error(`No catalog for ${language}`);
  return load;
}

const localeOf = (language: TUiLanguage): string => (language === PSEUDO ? 'en' : language);

function storedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

/** What the page opens in: the signed-in user's language, else the stored choice, else the browser's. */
export function startLanguage(userLanguage: string | null): TUiLanguage {
  const choice = storedChoice();
  // The pseudo-locale is set only by the browser journeys' sweep, and then holds for every user.
  if (choice === PSEUDO) return PSEUDO;
  if (isLanguage(userLanguage)) return userLanguage;
  if (isLanguage(choice)) return choice;
  return languageFromBrowser(navigator.languages ?? [navigator.language]);
}

export const pseudoChosen = (): boolean => storedChoice() === PSEUDO;

/** Keeps the choice made before sign-in (a private window may refuse: the choice lasts for this page only). */
export function storeLanguageChoice(language: TLanguage): void {
  try {
    localStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Not kept.
  }
}

/**
 * Bootstrap's stylesheet for the direction, first in <head> so that our own styles still win. Resolves once the new
 * one has loaded (then the old one goes), so the page never shows without it.
 */
function loadStylesheet(direction: 'rtl' | 'ltr'): Promise<void> {
  const href = direction === 'rtl' ? rtlStylesheet : ltrStylesheet;
  const current = document.getElementById('bootstrap-css');
  if (current?.getAttribute('href') === href) return Promise.resolve();
  const next = document.createElement('link');
  next.rel = 'stylesheet';
  next.href = href;
  return new Promise((resolve) => {
    // A stylesheet that fails to load (offline and not kept yet) must not keep the page from showing.
    next.onload = next.onerror = () => {
      current?.remove();
      next.id = 'bootstrap-css';
      resolve();
    };
    document.head.prepend(next);
  });
}

let active: TUiLanguage | null = null;
/** The start's language while its shell part loads: a first-paint page's part is fetched alongside, not after. */
let starting: TUiLanguage | null = null;
/** The parts of the active language's catalog loaded or on their way (a failed one is dropped, to be tried again). */
const loadedParts = new Map<TPart, Promise<void>>();
let markStarted: () => void = () => undefined;
/** Settles once the start's language is active (or could not be loaded): the router asks for pages before that. */
const started = new Promise<void>((resolve) => (markStarted = resolve));
let markChosen: () => void = () => undefined;
/** Settles once the start's language is chosen, before its catalog is in. */
const chosen = new Promise<void>((resolve) => (markChosen = resolve));

export const activeLanguage = (): TUiLanguage => active ?? 'en';

/** Fetches a part of the active (or starting) language's catalog once; a failed fetch leaves the page with ids. */
function loadPart(part: TPart): Promise<void> {
  const known = loadedParts.get(part);
  if (known) return known;
  const language = active ?? starting ?? 'en';
  const pending: Promise<void> = Promise.all([loaderOf(part, language)(), started]).then(
    ([{ messages }]) => {
      if (active === language) i18n.load(localeOf(language), messages as never);
    },
    () => {
      if (loadedParts.get(part) === pending) loadedParts.delete(part);
    },
  );
  loadedParts.set(part, pending);
  return pending;
}

/**
 * Resolves once a first-paint page's own texts are in (or could not be fetched): the page's route waits for it
 * beside the page's code, so it shows in its language at once.
 */
export const catalogPart = (part: TPagePart): Promise<void> => chosen.then(() => loadPart(part));

/**
 * Resolves once the active language's whole catalog is in (or could not be fetched): every page but the first-paint
 * ones waits for it, and the first of them fetches it. The first-paint pages never need it, so /login and /programs
 * do not fetch it at all (docs/decisions/032-first-paint-and-after.md). A failed fetch (offline) is tried again by
 * the next page.
 */
export const wholeCatalog = (): Promise<void> =>
  started.then(() => Promise.all(PARTS.map(loadPart))).then(() => undefined);

/**
 * Loads the language's catalog and Bootstrap's stylesheet for its direction, then switches the page to it. For the
 * first paint only the shell's part is loaded; `catalogPart()` and `wholeCatalog()` fetch the others when a page
 * needs them.
 */
export async function activateLanguage(
  language: TUiLanguage,
  { firstPaint = false }: { firstPaint?: boolean } = {},
): Promise<void> {
  if (language === active) return;
  const loadShell = shellParts[`../../locales/${language}.first.ts`];
  if (!loadShell) throw new Error(`No catalog for ${language}`);
  const others = firstPaint ? [] : PARTS;
  const loaders = others.map((part) => loaderOf(part, language));
  const locale = localeOf(language);
  if (firstPaint) starting = language;
  markChosen();
  const loaded = Promise.all([
    loadShell(),
    Promise.all(loaders.map((load) => load())),
    loadStylesheet(directionOf(language)),
  ]);
  // No catalog at all (offline before the service worker kept one): a language must still be active, or every text
  // would throw; the page then shows ids, and the next start with a network loads the catalog.
  loaded.catch(() => {
    if (!active) i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
  try {
    const [shell, parts] = await loaded;
    i18n.load(locale, shell.messages as never);
    for (const part of parts) i18n.load(locale, part.messages as never);
    i18n.activate(locale);
    active = language;
    // After a switch the new language's catalog is whole. At the start, a first-paint page's part is already on its
    // way (`chosen`), fetched beside the shell's.
    if (!firstPaint) {
      loadedParts.clear();
      for (const part of others) loadedParts.set(part, Promise.resolve());
    }
    document.documentElement.lang = language === PSEUDO ? 'en-XA' : language;
    document.documentElement.dir = directionOf(language);
  } finally {
    starting = null;
    markChosen();
    markStarted();
  }
}

/** A language from the server (a user's own) or null, as a language the app has. */
export const knownLanguage = (value: string | null | undefined): TLanguage | null =>
  isLanguage(value) ? value : null;
