import type { z } from 'zod';
import type { TLanguage } from '@hep/shared/languages';
import { ZLanguage } from '@hep/shared/schemas/language';
import { ZCreateClient, ZEditClient, type TClientDetails } from '@hep/shared/schemas/clients';

// The client's language on Add Client and Edit Client (docs/product/languages.md). The shared client schemas do not
// carry `language` yet; until they do, the forms extend them here so that the resolver keeps the field.

/** A new client reads English unless the therapist chooses another language. */
export const DEFAULT_CLIENT_LANGUAGE: TLanguage = 'en';

export const ZCreateClientForm = ZCreateClient.extend({ language: ZLanguage });
export type TCreateClientForm = z.infer<typeof ZCreateClientForm>;

export const ZEditClientForm = ZEditClient.extend({ language: ZLanguage });
export type TEditClientForm = z.input<typeof ZEditClientForm>;
export type TEditClientFormBody = z.output<typeof ZEditClientForm>;

/** The client's saved language, when the details carry one; else the default. */
export function clientLanguage(client: TClientDetails): TLanguage {
  const saved = (client as TClientDetails & { language?: unknown }).language;
  const parsed = ZLanguage.safeParse(saved);
  return parsed.success ? parsed.data : DEFAULT_CLIENT_LANGUAGE;
}
