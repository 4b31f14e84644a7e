/** The mails the app sends, built from plain inputs; ctx.mailer delivers them. Other modules use these. */
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
  return linkMail(
    to,
    'Reset your password',
    [
      `Hello ${firstName},`,
      'We received a request to reset your password. This link works once and expires in 24 hours.',
    ],
    link,
    'Reset Password',
  );
}

export function activationMail(to: string, firstName: string, link: string): MailMessage {
  return linkMail(
    to,
    'Activate your account',
    [
      `Hello ${firstName},`,
      'An account has been created for you. Set your password to get started. This link works once and expires in 7 days.',
    ],
    link,
    'Set Your Password',
  );
}

/**
 * The daily exercise reminder. Like the push it carries no health data (no program or exercise names): a mailbox
 * can be shared or read over someone's shoulder.
 */
export function reminderMail(to: string, firstName: string, link: string): MailMessage {
  return linkMail(
    to,
    MESSAGES.reminderEmailSubject,
    [`Hello ${firstName},`, MESSAGES.reminderBody, 'Open your programs to see what is planned for today.'],
    link,
    'Open My Programs',
  );
}
