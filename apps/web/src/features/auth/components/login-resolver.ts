import { zodResolver } from '@hookform/resolvers/zod';
import { ZLogin } from '@hep/shared/schemas/auth';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';

/** The login form's checks, in their own chunk (see login-form.tsx), in the page's language. */
export const loginResolver = translatedResolver(zodResolver(ZLogin));
