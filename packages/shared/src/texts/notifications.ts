/**
 * Reminders and push subscriptions.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const NOTIFICATION_TEXTS = {
  reminderTitle: /*i18n*/ 'Time for your exercises',
  reminderBody: /*i18n*/ 'You have exercises waiting for you today.',
  reminderEmailSubject: /*i18n*/ 'Your exercises for today',
  carerReminderBody: /*i18n*/ 'Someone you help has exercises waiting today.',
  carerReminderSubject: /*i18n*/ 'Exercises to help with today',
  notificationsEnabled: /*i18n*/ 'Notifications enabled successfully!',
  notificationsDisabled: /*i18n*/ 'Notifications disabled successfully!',
  noExistingSubscription: /*i18n*/ 'No existing subscription found',
  pushEndpointTaken:
    /*i18n*/ 'This device gets reminders for another account. Turn notifications off in that account first.',
} as const;
