/**
 * The mails the app sends, built from plain inputs; `ctx.mailer.send` queues them in the outbox. Other modules use
 * these. Give each a short `purpose`: it names the mail in the logs, which carry nothing else about it.
 * Every mail reads in its recipient's own language, subject and body (docs/product/languages.md).
 */
import type { TLanguage } from '@hep/shared/languages';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import { textIn } from '../../lib/i18n';
import type { MailMessage } from './mailer';

/** Who a mail goes to: the address, the name it greets and the language it reads in. */
export interface MailRecipient {
  email: string;
  firstName: string;
  language: TLanguage;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const HELLO = /*i18n*/ 'Hello {name},';
const OPEN_MY_PROGRAMS = /*i18n*/ 'Open My Programs';

const hello = (to: MailRecipient) => textIn(to.language, HELLO, { name: to.firstName });

/**
 * A mail with a button; `lines` and `button` are English catalog ids, put in the recipient's language here. It
 * greets the recipient by name unless `firstName` is null.
 */
function linkMail(
  to: Omit<MailRecipient, 'firstName'> & { firstName: string | null },
  subject: string,
  lines: string[],
  link: string,
  button: string,
): MailMessage {
  const t = (text: string, values?: Record<string, unknown>) => textIn(to.language, text, values);
  const greeting = to.firstName === null ? [] : [hello({ ...to, firstName: to.firstName })];
  const body = [...greeting, ...lines.map((line) => t(line))];
  const ignore = t(/*i18n*/ 'If you did not expect this email, you can ignore it.');
  const label = t(button);
  const text = [...body, '', `${label}: ${link}`, '', ignore].join('\n');
  const html = `<p>${body.map(escapeHtml).join('</p><p>')}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b6e69;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>
<p>${escapeHtml(t(/*i18n*/ 'Or open this link: {link}', { link }))}</p><p>${escapeHtml(ignore)}</p>`;
  return { to: to.email, subject: t(subject), text, html };
}

export function resetPasswordMail(to: MailRecipient, link: string): MailMessage {
  const mail = linkMail(
    to,
    /*i18n*/ 'Reset your password',
    [/*i18n*/ 'We received a request to reset your password. This link works once and expires in 24 hours.'],
    link,
    /*i18n*/ 'Reset Password',
  );
  return { ...mail, purpose: 'reset' };
}

export function activationMail(to: MailRecipient, link: string): MailMessage {
  const mail = linkMail(
    to,
    /*i18n*/ 'Activate your account',
    [
      /*i18n*/ 'An account has been created for you. Set your password to get started. This link works once and expires in 7 days.',
    ],
    link,
    /*i18n*/ 'Set Your Password',
  );
  return { ...mail, purpose: 'activation' };
}

/**
 * The daily exercise reminder. Like the push it carries no health data (no program or exercise names): a mailbox
 * can be shared or read over someone's shoulder.
 */
export function reminderMail(to: MailRecipient, link: string): MailMessage {
  const mail = linkMail(
    to,
    NOTIFICATION_TEXTS.reminderEmailSubject,
    [NOTIFICATION_TEXTS.reminderBody, /*i18n*/ 'Open your programs to see what is planned for today.'],
    link,
    OPEN_MY_PROGRAMS,
  );
  return { ...mail, purpose: 'reminder' };
}

/**
 * A client's reminder for a carer who opted in (docs/product/carers.md#reminders): like the client's own, and for the
 * same reason it names no one, no program and no exercise.
 */
export function carerReminderMail(to: MailRecipient, link: string): MailMessage {
  const mail = linkMail(
    to,
    NOTIFICATION_TEXTS.carerReminderSubject,
    [NOTIFICATION_TEXTS.carerReminderBody, /*i18n*/ 'Open Helping to see what is planned for today.'],
    link,
    /*i18n*/ 'Open Helping',
  );
  return { ...mail, purpose: 'reminder' };
}

/** The push and mail subject of a program change notice. */
export const PROGRAM_CHANGED_TITLE = /*i18n*/ 'Your exercises were updated';
export const PROGRAM_CHANGED_BODY = /*i18n*/ 'Your therapist updated your exercises.';

/**
 * The client's therapist published a new or changed program
 * (docs/product/reminders-and-notifications.md#change-notifications). As plain as the reminder, and for the same
 * reason it names no program and no exercise.
 */
export function programChangedMail(to: MailRecipient, link: string): MailMessage {
  const mail = linkMail(
    to,
    PROGRAM_CHANGED_TITLE,
    [PROGRAM_CHANGED_BODY, /*i18n*/ 'Open the app to see them.'],
    link,
    OPEN_MY_PROGRAMS,
  );
  return { ...mail, purpose: 'program_changed' };
}

/** The push and mail of a new message; like the mail's button, they name nobody and quote nothing. */
export const NEW_MESSAGE_TITLE = /*i18n*/ 'You have a new message.';
export const NEW_MESSAGE_BODY = /*i18n*/ 'Open the app to read it.';

/**
 * A message unread for an hour (docs/product/messages.md#notifications). It names no one, not even the recipient:
 * a mailbox can be shared, and who writes to whom in a care team is health data too.
 */
export function newMessageMail(to: Omit<MailRecipient, 'firstName'>, link: string): MailMessage {
  const mail = linkMail(
    { ...to, firstName: null },
    NEW_MESSAGE_TITLE,
    [NEW_MESSAGE_TITLE, NEW_MESSAGE_BODY],
    link,
    /*i18n*/ 'Open Messages',
  );
  return { ...mail, purpose: 'new_message' };
}

// Account changes (decision 011). The notices go to the address the account had, carry no health data and never
// the new address, so a mailbox that is no longer the user's learns nothing from them.

/** A mail of plain lines, without a link. */
function noticeMail(to: MailRecipient, subject: string, lines: string[], purpose: string): MailMessage {
  const t = (text: string) => textIn(to.language, text);
  const all = [
    hello(to),
    ...lines.map(t),
    t(/*i18n*/ 'If you did not make this change, contact your clinic at once.'),
  ];
  const text = [...all.slice(0, -1), '', all.at(-1)!].join('\n');
  const html = `<p>${all.map(escapeHtml).join('</p><p>')}</p>`;
  return { to: to.email, subject: t(subject), text, html, purpose };
}

/** To the new address of an email change someone else made: the change happens when the link is used. */
export function confirmEmailChangeMail(to: MailRecipient, link: string): MailMessage {
  const mail = linkMail(
    to,
    /*i18n*/ 'Confirm your new email address',
    [
      /*i18n*/ 'Your clinic changed the email address of your account to this one. Confirm it to start using it. Until then you sign in with your old address. This link works once and expires in 24 hours.',
    ],
    link,
    /*i18n*/ 'Confirm Email',
  );
  return { ...mail, purpose: 'email_change_confirm' };
}

/** To the old address once an email change has taken effect. */
export function emailChangedMail(to: MailRecipient): MailMessage {
  return noticeMail(
    to,
    /*i18n*/ 'Your email address was changed',
    [
      /*i18n*/ 'The email address of your account was changed. You now sign in with the new address, and we signed you out everywhere.',
    ],
    'email_changed',
  );
}

/** To the account's address after the user changed their password. */
export function passwordChangedMail(to: MailRecipient): MailMessage {
  return noticeMail(
    to,
    /*i18n*/ 'Your password was changed',
    [
      /*i18n*/ 'The password of your account was changed, and we signed you out everywhere. Sign in with the new password.',
    ],
    'password_changed',
  );
}

export { type OutboxBacklog, readOutboxBacklog } from './mail-outbox.repository';
