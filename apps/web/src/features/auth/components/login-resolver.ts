import type { FieldErrors, Resolver } from 'react-hook-form';
import { ZLogin, type TLogin } from '@hep/shared/schemas/auth';

/**
 * The login form's checks, in their own chunk (see login-form.tsx); lazyResolver says them in the page's language.
 * What `zodResolver(ZLogin)` answers for this flat form (the first message of each field), without
 * @hookform/resolvers, which brings all of react-hook-form (15 KB gzip) to a page that does not use it
 * (docs/decisions/032-first-paint-and-after.md).
 */
export const loginResolver: Resolver<TLogin> = async (values) => {
  const result = await ZLogin.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues)
    errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
  return { values: {}, errors: errors as FieldErrors<TLogin> };
};
