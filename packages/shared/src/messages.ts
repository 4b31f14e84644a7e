/** The texts users see, kept word for word (docs/product/ quotes them where they matter). */
export const MESSAGES = {
  // Login
  loginSuccess: 'Login successful!',
  loginUnexpected: 'An unexpected login error occurred. Please try again.',
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
  resetLinkInvalid: 'This password link is invalid or has expired. Please request a new one.',
  resetLinkValid: 'Link is valid. Please enter your new password.',
  // The same page reached by a new account's activation link: nothing is being reset.
  activationConfirmSuccess: 'Your password is set. Signing you in...',
  activationConfirmFailed: 'Your password could not be set. Please try again.',

  // Refresh
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
  dateOfBirthFuture: 'A date of birth cannot be in the future.',
  tooLong: 'This value is too long.',
  unexpectedError: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',
  unauthenticated: 'Please log in to continue.',
  forbidden: "You don't have permission to perform this action.",
  rateLimited: 'Too many requests. Please try again later.',
  payloadTooLarge: 'File size must be less than 50MB',

  // Clients
  clientsLoading: 'Loading clients...',
  clientsEmpty: 'No clients found.',
  clientsFetchFailed: 'Failed to fetch clients. Please try again later.',
  clientCreated: 'Client created successfully!',
  clientCreateFailed: 'Failed to create client. Please try again.',
  clientUpdated: 'Client updated successfully!',
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
  programNameRequired: 'Program name is required',
  exerciseNameRequired: 'Exercise name is required',
  exerciseInstructionsRequired: 'Exercise instructions are required',
  endDateRequired: 'End date is required',
  /**
   * Ours: a published program without a start date would be in neither tab
   * (docs/product/programs-and-exercises.md#checks).
   */
  startDateRequired: 'Start date is required',
  endDateAfterStart: 'End date must be after start date',
  dayRequired: 'Please select at least one day of the week',
  completeRequiredFields: 'Please complete all required fields before publishing.',
  duplicateExerciseName: 'Exercise name has already been used in this program.',
  invalidImageType: 'Invalid image file type',
  invalidVideoType: 'Invalid video file type',
  fileTooLarge: 'File size must be less than 50MB',
  feedbackMediaInvalid: 'Please upload only images (JPEG, PNG, GIF) or videos (MP4, AVI, MOV).',
  draftUpdated: 'Draft updated',
  programUpdatedPublished: 'Program updated and published',
  programSavedDraft: 'Program saved as draft',
  programPublished: 'Program published successfully',
  savingDraftBeforeLogout: 'Saving draft before logout...',
  draftSavedBeforeLogout: 'Draft saved successfully before logout',
  draftSaveBeforeLogoutFailed: 'Failed to save draft before logout',
  versionInitial: 'Initial program creation',
  versionUpdated: 'Program updated',
  staleProgram: 'This program was changed by someone else. Reload it to see the latest version.',
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
  usersDeactivated: 'Users deactivated successfully.',
  addTherapistFailed: 'Failed to add therapist(s). Please try again.',
  therapistAdded: 'Therapist added successfully.',
  therapistsImported: 'Therapists imported successfully.',
  fillRequiredFields: 'Please fill in all required fields.',
  selectCsvFile: 'Please select a CSV file to upload.',
  activationEmailNote: 'New therapists will be automatically be sent an activation email',
  metricsLoading: 'Loading metrics...',
  metricsEmpty: 'No metrics available.',
  testDbUpdateFailed: 'Failed to trigger database update. Please try again later.',
  testDbUpdateTriggered:
    "Database update workflow triggered successfully. You'll receive an email when complete.",

  // Programs list (/programs)
  programsListLoading: 'Loading...',
  programsListError: 'Error fetching data. Please try again later.',
  noActivePrograms: 'You have no active programs.',
  noActiveProgramsHint:
    'Connect with your clinician to get a personalised program and unlock your potential!',
  showingWeek: (start: string, end: string) => `Showing week: ${start} - ${end}`,
  filterDateRange: (min: string, max: string) => `Choose a date from ${min} to ${max}.`,

  // Exercise feedback (client)
  effortInvalid: 'Choose an effort level from 0 to 10.',
  effortRequired: 'Please select an effort level.',
  painInvalid: 'Choose a pain level from 0 to 10.',
  iDidIt: 'I did it!',
  completedCheck: 'Completed! ✓',
  updateFeedback: 'Update Feedback',
  submitting: 'Submitting...',
  exerciseCompleteTitle: 'Exercise Complete!',
  exerciseCompleteHeadline: "You're Absolutely Crushing It!",
  exerciseCompleteBody: 'Another exercise completed. Keep up the amazing work!',
  feedbackSubmitted: 'Feedback submitted successfully!',
  feedbackUpdated: 'Feedback updated successfully!',
  feedbackVideo413: 'Video file size must be less than 50MB. Please try again with a smaller file.',
  feedbackSubmitFailed: 'An error occurred while submitting feedback.',
  feedbackDuplicate: 'Feedback for this exercise and date has already been submitted.',
  feedbackNotPrescribed: 'This program has no exercises prescribed on that date.',
  feedbackTooEarly: 'Feedback cannot be given for a date after tomorrow.',
  feedbackExerciseMismatch: 'Feedback cannot be moved to another exercise or date.',
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
  notificationsEnabled: 'Notifications enabled successfully!',
  pushUnsupported: 'Push notifications are not supported in this browser',
  permissionDenied: 'Notification permission has been denied',
  permissionNotGranted: 'Notification permission not granted',
  subscriptionInProgress: 'A subscription request is already in progress',
  noExistingSubscription: 'No existing subscription found',
  notificationsDisabled: 'Notifications disabled successfully!',
  reminderTitle: 'Time for your exercises',
  reminderBody: 'You have exercises waiting for you today.',
  reminderEmailSubject: 'Your exercises for today',

  // Web app (appended by the web work)
  appName: 'Home Exercise Program',
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
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordHint: 'Needed to change your email.',
  emailChangedSignIn: 'Your email was changed. Please sign in with your new email.',
  passwordChangedSignIn: 'Your password was changed. Please sign in with your new password.',
  signedOutEverywhere: 'You are signed out on all devices. Please sign in again.',
  emailChangeConfirmationSent:
    'We sent a confirmation link to the new address. The email changes when it is used.',
  emailChangeConfirmed: 'Your email address is changed. Please sign in with your new email.',
  emailChangeLinkInvalid: 'This confirmation link is invalid, used or expired. Ask for a new one.',
  emailChangeFailed: 'Failed to change the email address. Please try again.',
  passwordChangeFailed: 'Failed to change your password. Please try again.',
  signOutEverywhere: 'Sign out of all devices',
  signOutEverywhereConfirm:
    'This signs you out on every phone, tablet and computer, including this one. You will need to sign in again.',
  signOutEverywhereFailed: 'Failed to sign out of all devices. Please try again.',
  foreignOrigin: 'This request came from another website and was refused.',
  checkEmailNeedsPassword: 'Enter your current password to check a new email address.',

  // Hardening: invalid text (docs/product/security-and-privacy.md#input-checks) and a push endpoint held by another
  // account (docs/product/reminders-and-notifications.md#push-subscriptions)
  invalidCharacter: 'This contains a character that is not allowed.',
  pushEndpointTaken:
    'This device gets reminders for another account. Turn notifications off in that account first.',

  // Idempotency-Key on feedback saves (docs/product/session.md#idempotency-key)
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 printable ASCII characters.',
  idempotencyKeyReused: 'This request was already sent with different details.',
} as const;
