import { z } from 'zod';
import { AUTH_TEXTS } from '../texts/auth';
import { VALIDATION_TEXTS } from '../texts/validation';
import { ZLanguage } from './language';
import { LIMITS } from '../limits';
import { normalizeEmail } from '../domain/email';
import { canonicalTimezone, isKnownTimezone } from '../domain/timezones';
import { ZDateOfBirth, ZEmail, ZName } from './common';

const ZOptionalText = z.string().trim().max(LIMITS.mobileMaxLength, VALIDATION_TEXTS.tooLong);

export const ZProgramSummary = z.object({
  id: z.number(),
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

/** GET /users/{id}/: the profile fields the caller may see (docs/product/accounts.md#profile). */
export const ZUserDetail = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  date_of_birth: z.string().nullable(),
  is_staff: z.boolean(),
  is_therapist: z.boolean(),
  is_carer: z.boolean(),
  is_active: z.boolean(),
  agreed_to_terms: z.boolean(),
  receives_sms: z.boolean(),
  receives_email: z.boolean(),
  receives_notifications: z.boolean(),
  notification_preferred_time: z.string().nullable(),
  notification_timezone: z.string().nullable(),
  condition: z.string().nullable(),
  client_profile: z.object({ condition: z.string().nullable() }).nullable(),
  therapist_profile: z
    .object({ discipline: z.string(), clinic_name: z.string().nullable(), clinic_id: z.number().nullable() })
    .nullable(),
  language: ZLanguage,
  programs: z.array(ZProgramSummary).optional(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

/**
 * PUT /users/{id}/ (Edit Profile): email, first and last name required; mobile and date of birth optional.
 * `current_password` is required when users change their own email (decision 011); the server decides that,
 * since only it knows the address the account has now.
 */
export const ZUpdateUser = z.object({
  email: ZEmail,
  first_name: ZName,
  last_name: ZName,
  mobile: ZOptionalText.optional().default(''),
  date_of_birth: z
    .union([ZDateOfBirth, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  current_password: z
    .string()
    .max(LIMITS.passwordMaxLength, VALIDATION_TEXTS.tooLong)
    .optional()
    .transform((v) => v || undefined),
  /** Absent keeps the language the account has. */
  language: ZLanguage.optional(),
});
/** The form's values (input) and the body the server receives (output, empty date as null). */
export type TUpdateUser = z.input<typeof ZUpdateUser>;
export type TUpdateUserBody = z.output<typeof ZUpdateUser>;

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, /*i18n*/ 'Enter a time as HH:MM.');

/** PATCH /users/{id}/ (notification preferences). */
export const ZPatchUser = z
  .object({
    receives_notifications: z.boolean(),
    notification_timezone: z
      .string()
      .max(64)
      .refine(isKnownTimezone, /*i18n*/ 'Choose a timezone from the list.')
      .transform(canonicalTimezone),
    notification_preferred_time: ZTime,
  })
  .partial();
export type TPatchUser = z.infer<typeof ZPatchUser>;

/**
 * What an email change did: `changed` at once (the user's own change: every session of theirs ended, so the web
 * app signs out), or `confirmation_sent` (an activated account changed by someone else: a link went to the new
 * address and the email changes when it is used).
 */
export const ZEmailChangeOutcome = z.enum(['changed', 'confirmation_sent']);
export type TEmailChangeOutcome = z.infer<typeof ZEmailChangeOutcome>;

/** PUT /users/{id}/ answers the profile, and what became of an email change with a message to show. */
export const ZUpdateUserResponse = ZUserDetail.extend({
  email_change: ZEmailChangeOutcome.optional(),
  message: z.string().optional(),
});
export type TUpdateUserResponse = z.infer<typeof ZUpdateUserResponse>;

/** The Edit Profile form of one's own profile: a changed email needs the current password (checked here too). */
export const ownProfileFormSchema = (currentEmail: string) =>
  ZUpdateUser.superRefine((values, ctx) => {
    const changed = normalizeEmail(values.email) !== normalizeEmail(currentEmail);
    if (changed && !values.current_password)
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: AUTH_TEXTS.currentPasswordRequired,
      });
  });
