import { zodResolver } from '@hookform/resolvers/zod';
import { ZLogin } from '@hep/shared/schemas/auth';

/** The login form's checks, in their own chunk (see login-form.tsx); lazyResolver says them in the page's language. */
export const loginResolver = zodResolver(ZLogin);
