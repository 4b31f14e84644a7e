/**
 * Feedback on exercises.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const FEEDBACK_TEXTS = {
  feedbackSubmitted: /*i18n*/ 'Feedback submitted successfully!',
  feedbackUpdated: /*i18n*/ 'Feedback updated successfully!',
  feedbackDuplicate: /*i18n*/ 'Feedback for this exercise and date has already been submitted.',
  feedbackNotPrescribed: /*i18n*/ 'This program has no exercises prescribed on that date.',
  feedbackTooEarly: /*i18n*/ 'Feedback cannot be given for a date after tomorrow.',
  feedbackExerciseMismatch: /*i18n*/ 'Feedback cannot be moved to another exercise or date.',
  feedbackMediaInvalid: /*i18n*/ 'Please upload only images (JPEG, PNG, GIF) or videos (MP4, AVI, MOV).',
  effortInvalid: /*i18n*/ 'Choose an effort level from 0 to 10.',
  effortRequired: /*i18n*/ 'Please select an effort level.',
  painInvalid: /*i18n*/ 'Choose a pain level from 0 to 10.',
} as const;
