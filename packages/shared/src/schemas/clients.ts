import { z } from 'zod';
import { CONDITIONS } from '../domain/constants';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { ZDateOfBirth, ZEmail, ZId, ZName } from './common';
import { ZEmailChangeOutcome } from './users';

const ZMobile = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(LIMITS.mobileMaxLength, MESSAGES.tooLong);
const ZRequiredDateOfBirth = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .pipe(ZDateOfBirth);
const CONDITION_NOT_LISTED = 'Choose a condition from the list.';
const ZCondition = z.enum(CONDITIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? MESSAGES.required : CONDITION_NOT_LISTED,
});
const ZFlag = z.boolean({ error: MESSAGES.required });

/** GET /users/clients/: one row of the therapist's client list. */
export const ZClientListItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  date_of_birth: z.string().nullable(),
});
export type TClientListItem = z.infer<typeof ZClientListItem>;

/** POST /users/add/ (Create Client): every field required. */
export const ZCreateClient = z.object({
  first_name: ZName,
  last_name: ZName,
  date_of_birth: ZRequiredDateOfBirth,
  email: ZEmail,
  mobile: ZMobile,
  condition: ZCondition,
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
});
export type TClientDetails = z.infer<typeof ZClientDetails>;

/** PUT /users/edit_client/: condition is not required here (spec section 5). */
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
