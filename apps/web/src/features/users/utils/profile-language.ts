import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { TLanguage } from '@hep/shared/languages';
import type {
  ownProfileFormSchema,
  TUpdateUser,
  TUpdateUserBody,
  ZUpdateUser,
} from '@hep/shared/schemas/users';
import { isLanguage } from '../../../lib/i18n/languages';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';

// My Details sets the user's own language (docs/product/languages.md): `language` goes in PUT /users/{id}/ with
// the other fields. The API may leave it out (ZUpdateUser: absent keeps it); the form always holds one.

export type TProfileForm = TUpdateUser & { language: TLanguage };
export type TProfileBody = TUpdateUserBody & { language: TLanguage };

type TProfileSchema = typeof ZUpdateUser | ReturnType<typeof ownProfileFormSchema>;

/**
 * The profile's checks: the shared schema's, with its messages in the page's language, and the language carried
 * through (the select offers only the five; the server answers 400 on anything else).
 */
export function profileResolver(schema: TProfileSchema): Resolver<TProfileForm, unknown, TProfileBody> {
  const checks = translatedResolver(zodResolver(schema) as unknown as Resolver<TUpdateUser>);
  return async (values, context, options) => {
    const result = await checks(values, context, options as never);
    if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors };
    const language = isLanguage(values.language) ? values.language : 'en';
    return { values: { ...(result.values as TUpdateUserBody), language }, errors: {} };
  };
}
