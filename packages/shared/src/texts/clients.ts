/**
 * Add Client and Edit Client.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const CLIENT_TEXTS = {
  clientCreated: /*i18n*/ 'Client created successfully!',
  clientUpdated: /*i18n*/ 'Client updated successfully!',
} as const;
