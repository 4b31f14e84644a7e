import { type I18n, setupI18n } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type TLanguage } from '@hep/shared/languages';
import { messages as ar } from '../locales/ar';
import { messages as en } from '../locales/en';
import { messages as es } from '../locales/es';
import { messages as vi } from '../locales/vi';
import { messages as zhHans } from '../locales/zh-Hans';
import { languageFromAcceptLanguage } from './accept-language';

/**
 * The server's texts in the five languages (docs/product/languages.md): one Lingui instance per language, each with
 * its compiled catalog (`npm run i18n:compile` makes apps/server/src/locales/*.ts). A text's English wording is its
 * catalog id, so the code keeps English strings and translates them only where a person reads them: the error
 * handler, mail and push.
 */
const catalogs: Record<TLanguage, Record<string, unknown>> = { en, es, 'zh-Hans': zhHans, vi, ar };

const instances = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: catalogs[language] as never } }),
  ]),
) as Record<TLanguage, I18n>;

/** `{name}` placeholders filled in, for a text no catalog holds (a library's own message, say). */
const fillIn = (text: string, values?: Record<string, unknown>) =>
  values
    ? text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
    : text;

/**
 * `text` (English, the catalog id; ICU placeholders like `Hello {name},`) in `language`. A text no catalog holds
 * stays as written, in English.
 */
export function textIn(language: TLanguage, text: string, values?: Record<string, unknown>): string {
  if (!(text in catalogs[language])) return fillIn(text, values);
  return instances[language]._(text, values);
}

/** The language of the answer to a request: the signed-in caller's own, else the best of Accept-Language, else en. */
export function requestLanguage(
  // The caller as the auth plugin sets it (named here, so that code built without that plugin's types compiles too).
  request: FastifyRequest & { caller?: { language: TLanguage } | null },
): TLanguage {
  return request.caller?.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
}
