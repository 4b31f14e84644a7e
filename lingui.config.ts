import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The texts people read, in five languages (docs/product/languages.md). Two catalogs: the web app's (its own texts
 * and the shared ones it shows) and the server's (API errors, mail and push, and the shared ones it sends).
 * `npm run i18n:extract` refreshes the PO files from the code; `npm run i18n:compile` turns them into the modules the
 * app loads, and fails on any text a language lacks.
 */
const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'es', 'zh-Hans', 'vi', 'ar', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/apps/web/src/locales/{locale}',
      include: ['<rootDir>/apps/web/src', '<rootDir>/packages/shared/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts', '**/locales/**'],
    },
    {
      path: '<rootDir>/apps/server/src/locales/{locale}',
      include: ['<rootDir>/apps/server/src', '<rootDir>/packages/shared/src'],
      exclude: ['**/*.test.ts', '**/*.test-support.ts', '**/locales/**'],
    },
  ],
  orderBy: 'messageId',
  // Where each text is used, without line numbers (which would change the catalogs on every edit nearby).
  format: formatter({
    lineNumbers: false,
    customHeaderAttributes: {
      'X-Review-Status':
        'draft, not yet reviewed by a native-speaking clinician (every language but the English source)',
    },
  }),
};

export default config;
