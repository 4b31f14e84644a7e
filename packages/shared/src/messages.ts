import { VALIDATION_TEXTS } from './texts/validation';
import { ERROR_TEXTS } from './texts/errors';
import { AUTH_TEXTS } from './texts/auth';
import { CLIENT_TEXTS } from './texts/clients';
import { PROGRAM_TEXTS } from './texts/programs';
import { FEEDBACK_TEXTS } from './texts/feedback';
import { NOTIFICATION_TEXTS } from './texts/notifications';
import { STAFF_TEXTS } from './texts/staff';

/** The texts users see, kept word for word (docs/product/ quotes them where they matter). */
export const MESSAGES = {
  // Login
  loginSuccess: AUTH_TEXTS.loginSuccess,
  loginUnexpected: 'An unexpected login error occurred. Please try again.',
  invalidCredentials: AUTH_TEXTS.invalidCredentials,
  accountDeactivated: AUTH_TEXTS.accountDeactivated,
  tooManyLoginAttempts: AUTH_TEXTS.tooManyLoginAttempts,
  signUpEnquiry:
    "Hello,\n\nI'd like to sign up for the home exercise program app. My details are:\n\nName:\nContact details (phone and email):\nPlace of work:\nNumber of therapists:\nBest contact method:\n\nThank you.",

  // Reset request
  resetNotFound: 'No account found with this email address.',
  resetRequestFailed: 'An error occurred. Please try again later.',
  resetRequestSent: AUTH_TEXTS.resetRequestSent,

  // Set Your Password
  passwordsDoNotMatch: AUTH_TEXTS.passwordsDoNotMatch,
  passwordTooShort: AUTH_TEXTS.passwordTooShort,
  passwordNumeric: AUTH_TEXTS.passwordNumeric,
  passwordHint: 'Password must be at least 8 characters long.',
  resetConfirmSuccess: AUTH_TEXTS.resetConfirmSuccess,
  resetConfirmFailed: 'Password reset failed. Please try again.',
  resetLinkInvalid: AUTH_TEXTS.resetLinkInvalid,
  resetLinkValid: AUTH_TEXTS.resetLinkValid,
  // The same page reached by a new account's activation link: nothing is being reset.
  activationConfirmSuccess: 'Your password is set. Signing you in...',
  activationConfirmFailed: 'Your password could not be set. Please try again.',

  // Refresh
  noRefreshToken: AUTH_TEXTS.noRefreshToken,
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
  emailTaken: AUTH_TEXTS.emailTaken,
  tooManyAttempts: ERROR_TEXTS.tooManyAttempts,
  fixEmailFirst: 'Please fix the email error before submitting.',

  // Profile
  userUpdated: AUTH_TEXTS.userUpdated,
  userUpdateFailed: 'Failed to update user. Please try again.',
  userLoadFailed: 'Failed to load user details.',
  notProvided: 'Not provided',

  // Generic validation
  required: VALIDATION_TEXTS.required,
  invalidEmail: VALIDATION_TEXTS.invalidEmail,
  invalidDate: VALIDATION_TEXTS.invalidDate,
  dateOfBirthFuture: VALIDATION_TEXTS.dateOfBirthFuture,
  tooLong: VALIDATION_TEXTS.tooLong,
  unexpectedError: ERROR_TEXTS.unexpectedError,
  notFound: ERROR_TEXTS.notFound,
  unauthenticated: ERROR_TEXTS.unauthenticated,
  forbidden: ERROR_TEXTS.forbidden,
  rateLimited: ERROR_TEXTS.rateLimited,
  payloadTooLarge: VALIDATION_TEXTS.payloadTooLarge,

  // Clients
  clientsLoading: 'Loading clients...',
  clientsEmpty: 'No clients found.',
  clientsFetchFailed: 'Failed to fetch clients. Please try again later.',
  clientCreated: CLIENT_TEXTS.clientCreated,
  clientCreateFailed: 'Failed to create client. Please try again.',
  clientUpdated: CLIENT_TEXTS.clientUpdated,
  clientUpdateFailed: 'Failed to update client. Please try again.',
  clientLoadFailed: 'Failed to load client details.',
  clientDetailFailed: 'Failed to fetch client details',
  noProgramsInCategory: 'No programs found in this category.',
  programDeleteFailed: 'Error deleting program. Please try again later.',
  deleteProgramConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? This action will also delete the exercises and feedback in the program, and cannot be undone.`,
  noExercisesInProgram: 'No exercises added to this program',
  copyToClipboard: 'Copy to Clipboard',
  copied: 'Copied!',

  // Program form
  programNameRequired: PROGRAM_TEXTS.programNameRequired,
  exerciseNameRequired: PROGRAM_TEXTS.exerciseNameRequired,
  exerciseInstructionsRequired: PROGRAM_TEXTS.exerciseInstructionsRequired,
  endDateRequired: PROGRAM_TEXTS.endDateRequired,
  /**
   * Ours: a published program without a start date would be in neither tab
   * (docs/product/programs-and-exercises.md#checks).
   */
  startDateRequired: PROGRAM_TEXTS.startDateRequired,
  endDateAfterStart: PROGRAM_TEXTS.endDateAfterStart,
  dayRequired: PROGRAM_TEXTS.dayRequired,
  completeRequiredFields: VALIDATION_TEXTS.completeRequiredFields,
  duplicateExerciseName: PROGRAM_TEXTS.duplicateExerciseName,
  invalidImageType: VALIDATION_TEXTS.invalidImageType,
  invalidVideoType: VALIDATION_TEXTS.invalidVideoType,
  fileTooLarge: VALIDATION_TEXTS.fileTooLarge,
  feedbackMediaInvalid: FEEDBACK_TEXTS.feedbackMediaInvalid,
  draftUpdated: PROGRAM_TEXTS.draftUpdated,
  programUpdatedPublished: PROGRAM_TEXTS.programUpdatedPublished,
  programSavedDraft: PROGRAM_TEXTS.programSavedDraft,
  programPublished: PROGRAM_TEXTS.programPublished,
  savingDraftBeforeLogout: 'Saving draft before logout...',
  draftSavedBeforeLogout: 'Draft saved successfully before logout',
  draftSaveBeforeLogoutFailed: 'Failed to save draft before logout',
  versionInitial: PROGRAM_TEXTS.versionInitial,
  versionUpdated: PROGRAM_TEXTS.versionUpdated,
  staleProgram: PROGRAM_TEXTS.staleProgram,
  conflictSaveAgain: 'Your changes are still here: save again to replace the other version with yours.',
  programSession401: 'Your session has expired. Please log in again.',
  programFiles413: 'One or more files are too large. Please try reducing the file sizes and try again.',
  programInvalid400: (action: string) =>
    `Invalid data provided for ${action}. Please check all fields and try again.`,
  programForbidden403: "You don't have permission to perform this action. Please contact your administrator.",
  programNotFound404: (action: string) =>
    `Required resource not found for ${action}. Please refresh and try again.`,
  programConflict409: (action: string) =>
    `A conflict occurred during ${action}. The data may have been modified by another user.`,
  programServer5xx: 'Our servers are experiencing issues. Please try again in a few minutes.',
  programUnexpected: (action: string) =>
    `An unexpected error occurred during ${action}. Please try again or contact support.`,
  failedToCreateProgram: 'Failed to create program: ',
  exerciseCreationFailed: 'Exercise creation failed: ',
  programCreationFailed: 'Program creation failed: ',

  // Program view
  programLoading: 'Loading program details...',
  programLoadFailed: 'Failed to load program details',
  programNoExercises: 'No exercises have been added to this program yet.',
  noExerciseMedia: 'No images or videos for this exercise.',

  // Staff
  clinicsFetchFailed: 'Failed to fetch clinics. Please try again later.',
  usersFetchFailed: 'Failed to fetch users. Please try again later.',
  deactivateFailed: 'Failed to deactivate users. Please try again.',
  usersDeactivated: STAFF_TEXTS.usersDeactivated,
  addTherapistFailed: 'Failed to add therapist(s). Please try again.',
  therapistAdded: STAFF_TEXTS.therapistAdded,
  therapistsImported: STAFF_TEXTS.therapistsImported,
  fillRequiredFields: 'Please fill in all required fields.',
  selectCsvFile: STAFF_TEXTS.selectCsvFile,
  activationEmailNote: 'New therapists will be automatically be sent an activation email',
  metricsLoading: 'Loading metrics...',
  metricsEmpty: 'No metrics available.',
  testDbUpdateFailed: STAFF_TEXTS.testDbUpdateFailed,
  testDbUpdateTriggered: STAFF_TEXTS.testDbUpdateTriggered,

  // Programs list (/programs)
  programsListLoading: 'Loading...',
  programsListError: 'Error fetching data. Please try again later.',
  noActivePrograms: 'You have no active programs.',
  noActiveProgramsHint:
    'Connect with your clinician to get a personalised program and unlock your potential!',
  showingWeek: (start: string, end: string) => `Showing week: ${start} - ${end}`,
  filterDateRange: (min: string, max: string) => `Choose a date from ${min} to ${max}.`,

  // Exercise feedback (client)
  effortInvalid: FEEDBACK_TEXTS.effortInvalid,
  effortRequired: FEEDBACK_TEXTS.effortRequired,
  painInvalid: FEEDBACK_TEXTS.painInvalid,
  iDidIt: 'I did it!',
  completedCheck: 'Completed! ✓',
  updateFeedback: 'Update Feedback',
  submitting: 'Submitting...',
  exerciseCompleteTitle: 'Exercise Complete!',
  exerciseCompleteHeadline: "You're Absolutely Crushing It!",
  exerciseCompleteBody: 'Another exercise completed. Keep up the amazing work!',
  feedbackSubmitted: FEEDBACK_TEXTS.feedbackSubmitted,
  feedbackUpdated: FEEDBACK_TEXTS.feedbackUpdated,
  feedbackVideo413: 'Video file size must be less than 50MB. Please try again with a smaller file.',
  feedbackSubmitFailed: 'An error occurred while submitting feedback.',
  feedbackDuplicate: FEEDBACK_TEXTS.feedbackDuplicate,
  feedbackNotPrescribed: FEEDBACK_TEXTS.feedbackNotPrescribed,
  feedbackTooEarly: FEEDBACK_TEXTS.feedbackTooEarly,
  feedbackExerciseMismatch: FEEDBACK_TEXTS.feedbackExerciseMismatch,
  feedbackFutureDay: 'You can mark these exercises as done on the day.',

  // Feedback for the care team
  clientFeedback: 'Client Feedback',
  noFeedbackYet: 'No feedback submitted yet for this exercise.',
  noFeedbackMedia: 'No photo or video was sent with this feedback.',
  noFeedbackMediaInHistory: 'No photo or video was sent with any of these entries.',
  feedbackHistoryEmpty: 'No feedback has been submitted for this exercise yet.',
  feedbackHistoryFailed: 'Failed to load exercise feedback.',
  backToProgram: 'Back to Program',
  showDaysCompleted: 'Show Days Completed',
  hideDaysCompleted: 'Hide Days Completed',

  // Notifications
  enableNotificationsTitle: 'Enable Notifications?',
  enableNotifications: 'Enable Notifications',
  maybeLater: 'Maybe Later',
  notificationsUnsupportedDevice: 'Notifications are not supported on your device/browser.',
  notificationsEnableFailed:
    'Failed to enable notifications. Please ensure notifications are enabled in your device/browser settings and try again.',
  notificationsEnabled: NOTIFICATION_TEXTS.notificationsEnabled,
  pushUnsupported: 'Push notifications are not supported in this browser',
  permissionDenied: 'Notification permission has been denied',
  permissionNotGranted: 'Notification permission not granted',
  subscriptionInProgress: 'A subscription request is already in progress',
  noExistingSubscription: NOTIFICATION_TEXTS.noExistingSubscription,
  notificationsDisabled: NOTIFICATION_TEXTS.notificationsDisabled,
  reminderTitle: NOTIFICATION_TEXTS.reminderTitle,
  reminderBody: NOTIFICATION_TEXTS.reminderBody,
  reminderEmailSubject: NOTIFICATION_TEXTS.reminderEmailSubject,

  // Web app (appended by the web work)
  appName: AUTH_TEXTS.appName,
  loading: 'Loading...',
  unexpectedAppError: 'Unexpected Application Error!',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundBody: "We couldn't find that page. It may have moved, or the link may be wrong.",
  signUpSubject: 'Sign Up Enquiry',
  notificationPreferencesUpdated: 'Notification preferences updated successfully!',
  notificationPreferencesFailed: 'Failed to update notification preferences. Please try again.',
  uploading: 'Uploading files...',
  uploadCancelled: 'Upload cancelled. Nothing was saved.',

  // Sessions, email and password changes (decision 011)
  currentPasswordRequired: AUTH_TEXTS.currentPasswordRequired,
  currentPasswordWrong: AUTH_TEXTS.currentPasswordWrong,
  currentPasswordHint: 'Needed to change your email.',
  emailChangedSignIn: AUTH_TEXTS.emailChangedSignIn,
  passwordChangedSignIn: AUTH_TEXTS.passwordChangedSignIn,
  signedOutEverywhere: 'You are signed out on all devices. Please sign in again.',
  emailChangeConfirmationSent: AUTH_TEXTS.emailChangeConfirmationSent,
  emailChangeConfirmed: AUTH_TEXTS.emailChangeConfirmed,
  emailChangeLinkInvalid: AUTH_TEXTS.emailChangeLinkInvalid,
  emailChangeFailed: 'Failed to change the email address. Please try again.',
  passwordChangeFailed: 'Failed to change your password. Please try again.',
  signOutEverywhere: 'Sign out of all devices',
  signOutEverywhereConfirm:
    'This signs you out on every phone, tablet and computer, including this one. You will need to sign in again.',
  signOutEverywhereFailed: 'Failed to sign out of all devices. Please try again.',
  foreignOrigin: ERROR_TEXTS.foreignOrigin,
  checkEmailNeedsPassword: AUTH_TEXTS.checkEmailNeedsPassword,

  // Hardening: invalid text (docs/product/security-and-privacy.md#input-checks) and a push endpoint held by another
  // account (docs/product/reminders-and-notifications.md#push-subscriptions)
  invalidCharacter: VALIDATION_TEXTS.invalidCharacter,
  pushEndpointTaken: NOTIFICATION_TEXTS.pushEndpointTaken,

  // Idempotency-Key on feedback saves (docs/product/session.md#idempotency-key)
  idempotencyKeyInvalid: ERROR_TEXTS.idempotencyKeyInvalid,
  idempotencyKeyReused: ERROR_TEXTS.idempotencyKeyReused,
} as const;
