import type { TLanguage } from '@hep/shared/languages';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './modules/mail/mailer';

/** What every service needs, built once in run-server.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Signs access tokens and media URLs. */
  secretKey: Uint8Array;
  now: () => Date;
}

/** The signed-in user making a request, as the database holds it now (through the caller cache: decision 013). */
export interface Caller {
  id: number;
  email: string;
  firstName: string;
  /** Their own language: API errors answer in it (docs/product/languages.md). */
  language: TLanguage;
  isStaff: boolean;
  isTherapist: boolean;
  /** A carer: helps clients through live links, and is never a client account (docs/product/carers.md). */
  isCarer: boolean;
  /** The therapist's clinic, or null. */
  clinicId: number | null;
}
