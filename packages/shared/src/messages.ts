/** The spec's user-facing texts, exactly as written there. */
export const MESSAGES = {
  // Login
  loginSuccess: 'Login successful!',
  loginUnexpected: 'An unexpected login error occurred. Please try again.',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password.',
  accountDeactivated: 'This account has been deactivated. Please contact your clinic.',
  tooManyLoginAttempts: 'Too many failed login attempts. Please try again later.',
  signUpEnquiry:
    "Hello,\n\nI'd like to sign up for the home exercise program app. My details are:\n\nName:\nContact details (phone and email):\nPlace of work:\nNumber of therapists:\nBest contact method:\n\nThank you.",

  // Reset request
  resetNotFound: 'No account found with this email address.',
  resetRequestFailed: 'An error occurred. Please try again later.',
  resetRequestSent: 'Password reset link sent to your email. Please check your inbox.',

  // Set Your Password
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordNumeric: 'Password cannot be entirely numeric.',
  passwordHint: 'Password must be at least 8 characters long.',
  resetConfirmSuccess: 'Password reset successful. Redirecting to login...',
  resetConfirmFailed: 'Password reset failed. Please try again.',
  resetConfirmError:
    'An error occurred during password reset. Try again with a different password or contact support.',
  resetLinkInvalid: 'This password link is invalid or has expired. Please request a new one.',
  resetLinkValid: 'Link is valid. Please enter your new password.',

  // Refresh
  refreshUnexpected: 'An unexpected refresh error occurred. Please try again.',
  noRefreshToken: 'No refresh token available',
  networkIssue: 'Network connectivity issue.',

  // Terms and sign out
  termsSubmitFailed: 'Failed to submit agreements. Please try again.',
  signOutFailed: 'Failed to sign out',
  fetchFailed: 'Error fetching data. Please try again later.',

  // Shell
  unsavedTitle: 'Unsaved Changes',
  unsavedBody: 'You have unsaved changes. Are you sure you want to leave this page?',
  unsavedBodyForm: 'You have unsaved changes. Are you sure you want to leave?',
  stayOnPage: 'Stay on Page',
  leavePage: 'Leave Page',

  // Session timeout
  sessionWarningTitle: 'Session Timeout Warning',
  sessionWarningBody:
    'Your session will expire in 1 minute due to inactivity. Would you like to stay logged in?',
  sessionExpiredTitle: 'Session Expired',
  sessionExpiredBody: 'Your session has expired due to inactivity. Please log in again to continue.',
  loggedOutTitle: "You've been logged out",

  // Email availability
  checkingEmail: 'Checking email availability...',
  emailTaken: 'This email is already registered.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  fixEmailFirst: 'Please fix the email error before submitting.',

  // Profile
  userUpdated: 'User updated successfully!',
  userUpdateFailed: 'Failed to update user. Please try again.',
  userLoadFailed: 'Failed to load user details.',
  notProvided: 'Not provided',

  // Generic validation
  required: 'This field is required.',
  invalidEmail: 'Enter a valid email address.',
  invalidDate: 'Enter a valid date.',
  tooLong: 'This value is too long.',
  unexpectedError: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',
  unauthenticated: 'Please log in to continue.',
  forbidden: "You don't have permission to perform this action.",
  rateLimited: 'Too many requests. Please try again later.',
  payloadTooLarge: 'File size must be less than 50MB',

  // Web app (appended by the web work)
  appName: 'Home Exercise Program',
  loading: 'Loading...',
  unexpectedAppError: 'Unexpected Application Error!',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundBody: "We couldn't find that page. It may have moved, or the link may be wrong.",
  signUpSubject: 'Sign Up Enquiry',
  notificationPreferencesUpdated: 'Notification preferences updated successfully!',
  notificationPreferencesFailed: 'Failed to update notification preferences. Please try again.',
} as const;
