/**
 * "Download my data" (docs/product/records.md#download-my-data). The English wording is each text's catalog id
 * (docs/product/languages.md).
 */
export const EXPORT_TEXTS = {
  tooSoon: /*i18n*/ 'You can download your data once every 10 minutes. Please try again later.',
} as const;
