import type { z } from 'zod';
import type { TLanguage } from '@hep/shared/languages';
import { ZLanguage } from '@hep/shared/schemas/language';
import { ZCreateClient, ZEditClient } from '@hep/shared/schemas/clients';

// The client's language on Add Client and Edit Client (docs/product/languages.md). The API may leave it out (absent
// is English, or keeps the saved one); the forms always hold one, so here it is required.

/** A new client reads English unless the therapist chooses another language. */
export const DEFAULT_CLIENT_LANGUAGE: TLanguage = 'en';

export const ZCreateClientForm = ZCreateClient.extend({ language: ZLanguage });
export type TCreateClientForm = z.infer<typeof ZCreateClientForm>;

export const ZEditClientForm = ZEditClient.extend({ language: ZLanguage });
export type TEditClientForm = z.input<typeof ZEditClientForm>;
export type TEditClientFormBody = z.output<typeof ZEditClientForm>;
