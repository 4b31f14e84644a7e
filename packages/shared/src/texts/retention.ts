/**
 * Retention and erasure (docs/product/retention.md).
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const RETENTION_TEXTS = {
  retentionYearsRange: /*i18n*/ 'Enter a whole number of years from 1 to 100.',
  eraseActiveClient: /*i18n*/ 'This client is still active. Deactivate them before erasing their records.',
} as const;
