import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The provider's address for Sign Up enquiries and support, set at build time with VITE_SUPPORT_EMAIL. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com';

export function mailtoLink(subject: string, body?: string): string {
  const params = [`subject=${encodeURIComponent(subject)}`];
  if (body) params.push(`body=${encodeURIComponent(body)}`);
  return `mailto:${SUPPORT_EMAIL}?${params.join('&')}`;
}

/** Sign Up opens a pre-filled enquiry email to the provider, written in the active language. */
export function signUpMailto(): string {
  return mailtoLink(
    i18n._(msg`Sign Up Enquiry`),
    i18n._(
      msg`Hello,

I'd like to sign up for the home exercise program app. My details are:

Name:
Contact details (phone and email):
Place of work:
Number of therapists:
Best contact method:

Thank you.`,
    ),
  );
}

/** The support email's link, its subject in the active language. */
export function contactSupportMailto(): string {
  return mailtoLink(i18n._(msg`Home Exercise Program support`));
}
