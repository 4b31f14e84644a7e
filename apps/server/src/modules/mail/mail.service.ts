/**
 * The mails the app sends, built from plain inputs; `ctx.mailer.send` queues them in the outbox. Other modules use
 * these. Give each a short `purpose`: it names the mail in the logs, which carry nothing else about it.
 */
import { MESSAGES } from '@hep/shared/messages';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function linkMail(to: string, subject: string, lines: string[], link: string, button: string): MailMessage {
  const text = [
    ...lines,
    '',
    `${button}: ${link}`,
    '',
    'If you did not expect this email, you can ignore it.',
  ].join('\n');
  const html = `<p>${lines.map(escapeHtml).join('</p><p>')}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b6e69;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(button)}</a></p>
<p>Or open this link: ${escapeHtml(link)}</p><p>If you did not expect this email, you can ignore it.</p>`;
  return { to, subject, text, html };
}

export function resetPasswordMail(to: string, firstName: string, link: string): MailMessage {
  const mail = linkMail(
    to,
    'Reset your password',
    [
      `Hello ${firstName},`,
      'We received a request to reset your password. This link works once and expires in 24 hours.',
    ],
    link,
    'Reset Password',
  );
  return { ...mail, purpose: 'reset' };
}

export function activationMail(to: string, firstName: string, link: string): MailMessage {
  const mail = linkMail(
    to,
    'Activate your account',
    [
      `Hello ${firstName},`,
      'An account has been created for you. Set your password to get started. This link works once and expires in 7 days.',
    ],
    link,
    'Set Your Password',
  );
  return { ...mail, purpose: 'activation' };
}

/**
 * The daily exercise reminder. Like the push it carries no health data (no program or exercise names): a mailbox
 * can be shared or read over someone's shoulder.
 */
export function reminderMail(to: string, firstName: string, link: string): MailMessage {
  const mail = linkMail(
    to,
    MESSAGES.reminderEmailSubject,
    [`Hello ${firstName},`, MESSAGES.reminderBody, 'Open your programs to see what is planned for today.'],
    link,
    'Open My Programs',
  );
  return { ...mail, purpose: 'reminder' };
}

/**
 * The client's therapist published a new or changed program
 * (docs/product/reminders-and-notifications.md#change-notifications). As plain as the reminder, and for the same
 * reason it names no program and no exercise.
 */
export function programChangedMail(to: string, firstName: string, link: string): MailMessage {
  const mail = linkMail(
    to,
    'Your exercises were updated',
    [`Hello ${firstName},`, 'Your therapist updated your exercises.', 'Open the app to see them.'],
    link,
    'Open My Programs',
  );
  return { ...mail, purpose: 'program_changed' };
}

// Account changes (decision 011). The notices go to the address the account had, carry no health data and never
// the new address, so a mailbox that is no longer the user's learns nothing from them.

/** A mail of plain lines, without a link. */
function noticeMail(to: string, subject: string, lines: string[], purpose: string): MailMessage {
  const closing = 'If you did not make this change, contact your clinic at once.';
  const text = [...lines, '', closing].join('\n');
  const html = `<p>${[...lines, closing].map(escapeHtml).join('</p><p>')}</p>`;
  return { to, subject, text, html, purpose };
}

/** To the new address of an email change someone else made: the change happens when the link is used. */
export function confirmEmailChangeMail(to: string, firstName: string, link: string): MailMessage {
  const mail = linkMail(
    to,
    'Confirm your new email address',
    [
      `Hello ${firstName},`,
      'Your clinic changed the email address of your account to this one. Confirm it to start using it. Until then you sign in with your old address. This link works once and expires in 24 hours.',
    ],
    link,
    'Confirm Email',
  );
  return { ...mail, purpose: 'email_change_confirm' };
}

/** To the old address once an email change has taken effect. */
export function emailChangedMail(to: string, firstName: string): MailMessage {
  return noticeMail(
    to,
    'Your email address was changed',
    [
      `Hello ${firstName},`,
      'The email address of your account was changed. You now sign in with the new address, and we signed you out everywhere.',
    ],
    'email_changed',
  );
}

/** To the account's address after the user changed their password. */
export function passwordChangedMail(to: string, firstName: string): MailMessage {
  return noticeMail(
    to,
    'Your password was changed',
    [
      `Hello ${firstName},`,
      'The password of your account was changed, and we signed you out everywhere. Sign in with the new password.',
    ],
    'password_changed',
  );
}
