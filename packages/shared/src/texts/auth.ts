/**
 * Sign-in, passwords, sessions and account changes.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const AUTH_TEXTS = {
  invalidCredentials: /*i18n*/ 'Invalid email or password.',
  accountDeactivated: /*i18n*/ 'This account has been deactivated. Please contact your clinic.',
  tooManyLoginAttempts: /*i18n*/ 'Too many failed login attempts. Please try again later.',
  loginSuccess: /*i18n*/ 'Login successful!',
  resetLinkInvalid: /*i18n*/ 'This password link is invalid or has expired. Please request a new one.',
  resetLinkValid: /*i18n*/ 'Link is valid. Please enter your new password.',
  resetRequestSent: /*i18n*/ 'Password reset link sent to your email. Please check your inbox.',
  resetConfirmSuccess: /*i18n*/ 'Password reset successful. Redirecting to login...',
  passwordNumeric: /*i18n*/ 'Password cannot be entirely numeric.',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match.',
  passwordTooShort: /*i18n*/ 'Password must be at least 8 characters long.',
  noRefreshToken: /*i18n*/ 'No refresh token available',
  currentPasswordRequired: /*i18n*/ 'Please enter your current password.',
  currentPasswordWrong: /*i18n*/ 'Your current password is not correct.',
  emailChangedSignIn: /*i18n*/ 'Your email was changed. Please sign in with your new email.',
  passwordChangedSignIn: /*i18n*/ 'Your password was changed. Please sign in with your new password.',
  emailChangeConfirmationSent:
    /*i18n*/ 'We sent a confirmation link to the new address. The email changes when it is used.',
  emailChangeConfirmed: /*i18n*/ 'Your email address is changed. Please sign in with your new email.',
  emailChangeLinkInvalid: /*i18n*/ 'This confirmation link is invalid, used or expired. Ask for a new one.',
  checkEmailNeedsPassword: /*i18n*/ 'Enter your current password to check a new email address.',
  emailTaken: /*i18n*/ 'This email is already registered.',
  userUpdated: /*i18n*/ 'User updated successfully!',
  appName: /*i18n*/ 'Home Exercise Program',
} as const;
