/**
 * Says a shared text in the reader's language: its English words (the catalog's id, docs/product/languages.md) and
 * the values of its placeholders. The web app passes the page's, the server the recipient's.
 */
export type TTranslate = (text: string, values?: Record<string, unknown>) => string;
