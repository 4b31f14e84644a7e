/**
 * Programs and their exercises.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const PROGRAM_TEXTS = {
  programNameRequired: /*i18n*/ 'Program name is required',
  exerciseNameRequired: /*i18n*/ 'Exercise name is required',
  exerciseInstructionsRequired: /*i18n*/ 'Exercise instructions are required',
  duplicateExerciseName: /*i18n*/ 'Exercise name has already been used in this program.',
  startDateRequired: /*i18n*/ 'Start date is required',
  endDateRequired: /*i18n*/ 'End date is required',
  endDateAfterStart: /*i18n*/ 'End date must be after start date',
  dayRequired: /*i18n*/ 'Please select at least one day of the week',
  versionInitial: /*i18n*/ 'Initial program creation',
  versionUpdated: /*i18n*/ 'Program updated',
  staleProgram: /*i18n*/ 'This program was changed by someone else. Reload it to see the latest version.',
  programUpdatedPublished: /*i18n*/ 'Program updated and published',
  programSavedDraft: /*i18n*/ 'Program saved as draft',
  programPublished: /*i18n*/ 'Program published successfully',
  draftUpdated: /*i18n*/ 'Draft updated',
} as const;
