import { i18n } from '@lingui/core';
import ltrStylesheet from 'bootstrap/dist/css/bootstrap.min.css?url';
import rtlStylesheet from 'bootstrap/dist/css/bootstrap.rtl.min.css?url';
import type { TLanguage } from '@hep/shared/languages';
import { directionOf, isLanguage, languageFromBrowser, PSEUDO, type TUiLanguage } from './languages';

/** The language chosen on the login, activation or reset page, kept until someone signs in (design: languages). */
const CHOICE_KEY = 'hep_language';

type TCatalog = { messages: Record<string, unknown> };

/**
 * Only the active language's catalog is fetched, in two parts (scripts/compile-catalogs.mjs): the texts of the first
 * paint (the shell, the login page, the client's landing page), and the rest, which the other pages wait for.
 */
const firstParts = import.meta.glob<TCatalog>('../../locales/*.first.ts');
const restParts = import.meta.glob<TCatalog>('../../locales/*.rest.ts');

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
/** Fetches the rest of the active language's catalog, when the first paint had only its first part. */
let fetchRest: () => Promise<void> = () => Promise.resolve();
let restLoaded: Promise<void> | null = null;
let markStarted: () => void = () => undefined;
/** Settles once the start's language is active (or could not be loaded): the router asks for pages before that. */
const started = new Promise<void>((resolve) => (markStarted = resolve));

export const activeLanguage = (): TUiLanguage => active ?? 'en';

/**
 * Resolves once the active language's whole catalog is in (or could not be fetched): every page but the first-paint
 * ones waits for it, and the first of them fetches it. The first-paint pages never need it, so /login and /programs
 * do not fetch it at all (docs/decisions/032-first-paint-and-after.md). A failed fetch (offline) is tried again by
 * the next page.
 */
export const wholeCatalog = (): Promise<void> => (restLoaded ??= started.then(() => fetchRest()));

/**
 * Loads the language's catalog and Bootstrap's stylesheet for its direction, then switches the page to it. For the
 * first paint only the first part is loaded; `wholeCatalog()` fetches the rest when a page needs it.
 */
export async function activateLanguage(
  language: TUiLanguage,
  { firstPaint = false }: { firstPaint?: boolean } = {},
): Promise<void> {
  if (language === active) return;
  const loadFirst = firstParts[`../../locales/${language}.first.ts`];
  const loadRest = restParts[`../../locales/${language}.rest.ts`];
  if (!loadFirst || !loadRest) throw new Error(`No catalog for ${language}`);
  const locale = language === PSEUDO ? 'en' : language;
  const loaded = Promise.all([
    loadFirst(),
    firstPaint ? null : loadRest(),
    loadStylesheet(directionOf(language)),
  ]);
  // No catalog at all (offline before the service worker kept one): a language must still be active, or every text
  // would throw; the page then shows ids, and the next start with a network loads the catalog.
  loaded.catch(() => {
    if (!active) i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
  try {
    const [{ messages }, whole] = await loaded;
    i18n.load(locale, messages as never);
    if (whole) i18n.load(locale, whole.messages as never);
    i18n.activate(locale);
    active = language;
    // After a switch the new language's catalog is whole; at the start, a page that asked for it before the language
    // was active (the router asks at once) gets this language's rest through `started`.
    if (whole) restLoaded = Promise.resolve();
    fetchRest = () =>
      loadRest().then(
        (part) => {
          if (active === language) i18n.load(locale, part.messages as never);
        },
        () => {
          restLoaded = null;
        },
      );
    document.documentElement.lang = language === PSEUDO ? 'en-XA' : language;
    document.documentElement.dir = directionOf(language);
  } finally {
    markStarted();
  }
}

/** A language from the server (a user's own) or null, as a language the app has. */
export const knownLanguage = (value: string | null | undefined): TLanguage | null =>
  isLanguage(value) ? value : null;
