import { MESSAGES } from '@hep/shared/messages';

/** The provider's address for Sign Up enquiries and support, set at build time with VITE_SUPPORT_EMAIL. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com';

export function mailtoLink(subject: string, body?: string): string {
  const params = [`subject=${encodeURIComponent(subject)}`];
  if (body) params.push(`body=${encodeURIComponent(body)}`);
  return `mailto:${SUPPORT_EMAIL}?${params.join('&')}`;
}

/** Sign Up opens a pre-filled enquiry email to the provider. */
export const SIGN_UP_MAILTO = mailtoLink(MESSAGES.signUpSubject, MESSAGES.signUpEnquiry);
export const CONTACT_SUPPORT_MAILTO = mailtoLink(`${MESSAGES.appName} support`);
