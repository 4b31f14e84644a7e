/**
 * Field checks shared by the forms and the API.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const VALIDATION_TEXTS = {
  required: /*i18n*/ 'This field is required.',
  tooLong: /*i18n*/ 'This value is too long.',
  invalidEmail: /*i18n*/ 'Enter a valid email address.',
  invalidDate: /*i18n*/ 'Enter a valid date.',
  dateOfBirthFuture: /*i18n*/ 'A date of birth cannot be in the future.',
  invalidCharacter: /*i18n*/ 'This contains a character that is not allowed.',
  completeRequiredFields: /*i18n*/ 'Please complete all required fields before publishing.',
  payloadTooLarge: /*i18n*/ 'File size must be less than 50MB',
  fileTooLarge: /*i18n*/ 'File size must be less than 50MB',
  invalidImageType: /*i18n*/ 'Invalid image file type',
  invalidVideoType: /*i18n*/ 'Invalid video file type',
} as const;
