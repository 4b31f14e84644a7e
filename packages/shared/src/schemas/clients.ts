import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { CONDITIONS } from '../domain/constants';
import { LIMITS } from '../limits';
import { ZAdherenceRate } from './adherence';
import { ZDateOfBirth, ZEmail, ZId, ZIsoDate, ZName, ZText } from './common';
import { ZLanguage } from './language';
import { ZEmailChangeOutcome } from './users';

const ZMobile = z
  .string({ error: VALIDATION_TEXTS.required })
  .trim()
  .min(1, VALIDATION_TEXTS.required)
  .max(LIMITS.mobileMaxLength, VALIDATION_TEXTS.tooLong);
const ZRequiredDateOfBirth = z
  .string({ error: VALIDATION_TEXTS.required })
  .min(1, VALIDATION_TEXTS.required)
  .pipe(ZDateOfBirth);
const CONDITION_NOT_LISTED = /*i18n*/ 'Choose a condition from the list.';
const ZCondition = z.enum(CONDITIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? VALIDATION_TEXTS.required : CONDITION_NOT_LISTED,
});
const ZFlag = z.boolean({ error: VALIDATION_TEXTS.required });

/** GET /users/clients/: one row of the therapist's client list. */
export const ZClientListItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  date_of_birth: z.string().nullable(),
  /**
   * Adherence of the client's published programs together over the last 7 days, null: none due
   * (docs/product/feedback-and-progress.md#adherence).
   */
  adherence_last_7: ZAdherenceRate,
});
export type TClientListItem = z.infer<typeof ZClientListItem>;

/** Clients on one page of the paged list (docs/product/clients.md#paging). */
export const CLIENTS_PAGE_SIZE = 50;

/**
 * The search fields: Last Name (the default on the page), First Name, Date of Birth (docs/product/clients.md#search).
 */
export const ZClientSearchField = z.enum(['last_name', 'first_name', 'date_of_birth']);
export type TClientSearchField = z.infer<typeof ZClientSearchField>;

const INVALID_PAGE = /*i18n*/ 'Enter a page number of 1 or more.';

/**
 * GET /users/clients/?page=&q=&by=: a page of the list. `q` is a part of a name (any letter case), or with
 * `by=date_of_birth` a yyyy-MM-dd date compared as a date (docs/product/clients.md#search); without `by` it matches
 * either name, the whole name, or (when it is a date) the date of birth. No `page` and no `q` answers the plain array
 * of every client in scope (docs/product/clients.md#paging).
 */
export const ZClientListQuery = z
  .object({
    page: z.coerce
      .number({ error: INVALID_PAGE })
      .int(INVALID_PAGE)
      .min(1, INVALID_PAGE)
      .max(2_147_483_647, INVALID_PAGE)
      .optional(),
    q: ZText.trim().max(LIMITS.nameMaxLength, VALIDATION_TEXTS.tooLong).optional(),
    by: ZClientSearchField.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.by === 'date_of_birth' && query.q && !ZIsoDate.safeParse(query.q).success) {
      ctx.addIssue({ code: 'custom', path: ['q'], message: VALIDATION_TEXTS.invalidDate });
    }
  });
export type TClientListQuery = z.output<typeof ZClientListQuery>;

/**
 * A page of the list, as the library pages (docs/product/api-conventions.md#settled-responses): `next` is the next
 * page's number, or null.
 */
export const ZClientListPage = z.object({
  results: z.array(ZClientListItem),
  count: z.number(),
  next: z.number().nullable(),
});
export type TClientListPage = z.infer<typeof ZClientListPage>;

/** POST /users/add/ (Create Client): every field required. */
export const ZCreateClient = z.object({
  first_name: ZName,
  last_name: ZName,
  date_of_birth: ZRequiredDateOfBirth,
  email: ZEmail,
  mobile: ZMobile,
  condition: ZCondition,
  /** The client's own language, for their mail and the app (docs/product/languages.md); absent is English. */
  language: ZLanguage.optional(),
});
export type TCreateClient = z.infer<typeof ZCreateClient>;
export const ZCreateClientResponse = z.object({ id: z.number(), message: z.string() });

/** GET /users/client_details/?id= */
export const ZClientDetails = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  condition: z.string().nullable(),
  receives_sms: z.boolean(),
  receives_email: z.boolean(),
  date_of_birth: z.string().nullable(),
  language: ZLanguage,
});
export type TClientDetails = z.infer<typeof ZClientDetails>;

/** PUT /users/edit_client/: condition is not required here (docs/product/clients.md#edit-client). */
export const ZEditClient = z.object({
  id: ZId,
  first_name: ZName,
  last_name: ZName,
  date_of_birth: ZRequiredDateOfBirth,
  email: ZEmail,
  mobile: ZMobile,
  condition: z
    .union([ZCondition, z.literal(''), z.null()], { error: CONDITION_NOT_LISTED })
    .optional()
    .transform((v) => v || null),
  receives_sms: ZFlag,
  receives_email: ZFlag,
  /** Absent keeps the client's language. */
  language: ZLanguage.optional(),
});
export type TEditClient = z.input<typeof ZEditClient>;
export type TEditClientBody = z.output<typeof ZEditClient>;

/**
 * PUT /users/edit_client/ answers the client's details (the email still the old one while a change waits for its
 * confirmation link) and, after an email change, what became of it with a message to show.
 */
export const ZEditClientResponse = ZClientDetails.extend({
  email_change: ZEmailChangeOutcome.optional(),
  message: z.string().optional(),
});
export type TEditClientResponse = z.infer<typeof ZEditClientResponse>;
