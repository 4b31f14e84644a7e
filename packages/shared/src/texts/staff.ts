/**
 * Staff pages: therapists and users.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const STAFF_TEXTS = {
  usersDeactivated: /*i18n*/ 'Users deactivated successfully.',
  therapistAdded: /*i18n*/ 'Therapist added successfully.',
  therapistsImported: /*i18n*/ 'Therapists imported successfully.',
  selectCsvFile: /*i18n*/ 'Please select a CSV file to upload.',
  testDbUpdateFailed: /*i18n*/ 'Failed to trigger database update. Please try again later.',
  testDbUpdateTriggered:
    /*i18n*/ "Database update workflow triggered successfully. You'll receive an email when complete.",
} as const;
