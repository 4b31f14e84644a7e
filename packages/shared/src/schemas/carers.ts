import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { ZEmail, ZId, ZIsoDate, ZName, ZText } from './common';

// Carers: people a client's care team lets help the client (docs/product/carers.md).

/** What a link lets its carer do: read; also record for the client; also message. */
export const CARER_ACCESS_LEVELS = ['view', 'log', 'full'] as const;
export type TCarerAccess = (typeof CARER_ACCESS_LEVELS)[number];

/** The longest relationship text ("Daughter", "Neighbour"). */
export const CARER_RELATIONSHIP_MAX_LENGTH = 100;

export const CARER_TEXTS = {
  invalidAccess: /*i18n*/ 'Choose view, log or full.',
  alreadyLinked: /*i18n*/ 'This carer already helps this client.',
  notCarer: /*i18n*/ 'This email belongs to an account that is not a carer.',
  expiryPast: /*i18n*/ 'Choose an end date from today on.',
  viewOnly: /*i18n*/ 'This carer may only view this client\u2019s records.',
} as const;

const ZAccess = z.enum(CARER_ACCESS_LEVELS, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? VALIDATION_TEXTS.required : CARER_TEXTS.invalidAccess,
});
const ZRelationship = z
  .string({ error: VALIDATION_TEXTS.required })
  .trim()
  .min(1, VALIDATION_TEXTS.required)
  .max(CARER_RELATIONSHIP_MAX_LENGTH, VALIDATION_TEXTS.tooLong)
  .pipe(ZText);
/** The link's last day, or null (absent, empty) for no end. */
const ZExpiresOn = z
  .union([ZIsoDate, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/** POST /clients/{client_id}/carers/ */
export const ZInviteCarer = z.object({
  first_name: ZName,
  last_name: ZName,
  email: ZEmail,
  relationship: ZRelationship,
  access: ZAccess,
  expires_on: ZExpiresOn,
});
export type TInviteCarer = z.input<typeof ZInviteCarer>;
export type TInviteCarerBody = z.output<typeof ZInviteCarer>;

/** PUT /carers/links/{id}/ */
export const ZUpdateCarerLink = z.object({ access: ZAccess, expires_on: ZExpiresOn });
export type TUpdateCarerLink = z.input<typeof ZUpdateCarerLink>;
export type TUpdateCarerLinkBody = z.output<typeof ZUpdateCarerLink>;

/** A live link as the client's care team (and the client) see it. */
export const ZCarerLink = z.object({
  id: z.number(),
  client_id: z.number(),
  carer: z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  relationship: z.string(),
  access: z.enum(CARER_ACCESS_LEVELS),
  expires_on: z.string().nullable(),
  receives_reminders: z.boolean(),
  created_at: z.string(),
});
export type TCarerLink = z.infer<typeof ZCarerLink>;
export const ZCarerLinkList = z.array(ZCarerLink);

/** GET /carers/me/clients/: the carer's clients with each live link's access. */
export const ZCarerClient = z.object({
  link_id: z.number(),
  client: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  relationship: z.string(),
  access: z.enum(CARER_ACCESS_LEVELS),
  expires_on: z.string().nullable(),
  /** Whether the carer gets this client's reminders too (docs/product/carers.md#reminders). */
  receives_reminders: z.boolean(),
});
export type TCarerClient = z.infer<typeof ZCarerClient>;
export const ZCarerClientList = z.array(ZCarerClient);

/** PUT /carers/me/clients/{link_id}/: the carer's own preference on one link. */
export const ZCarerLinkPreferences = z.object({
  receives_reminders: z.boolean({ error: VALIDATION_TEXTS.required }),
});
export type TCarerLinkPreferences = z.infer<typeof ZCarerLinkPreferences>;
export const ZCarerClientParams = z.object({ link_id: ZId });

/** GET /users/me/carer-access/: one read or write of the client's record by a carer. */
export const ZCarerAccessEntry = z.object({
  carer: z.object({ id: z.number(), name: z.string() }),
  action: z.string(),
  record: z.string(),
  at: z.string(),
});
export type TCarerAccessEntry = z.infer<typeof ZCarerAccessEntry>;
export const ZCarerAccessLog = z.array(ZCarerAccessEntry);

export const ZCarerLinkParams = z.object({ id: ZId });
