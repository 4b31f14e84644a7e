import { z } from 'zod';
import { AUTH_TEXTS } from '../texts/auth';
import { VALIDATION_TEXTS } from '../texts/validation';
import { LIMITS } from '../limits';
import { passwordProblem } from '../domain/password';
import { ZEmail } from './common';

export const ZLogin = z.object({
  email: ZEmail,
  password: z
    .string({ error: VALIDATION_TEXTS.required })
    .min(1, VALIDATION_TEXTS.required)
    .max(LIMITS.passwordMaxLength),
});
export type TLogin = z.infer<typeof ZLogin>;

/** Login response (docs/product/accounts.md#login; is_therapist is the string "true" or "false"). */
export const ZLoginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  is_therapist: z.enum(['true', 'false']),
  user_id: z.number(),
  user_email: z.string(),
  is_staff: z.boolean(),
  /** A carer (docs/product/carers.md): helps clients, and is never one. */
  is_carer: z.boolean(),
  first_name: z.string(),
  agreed: z.boolean(),
  message: z.string(),
  success: z.literal(true),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Body of /token/refresh/: the web app sends nothing and relies on the HttpOnly cookie. */
export const ZRefresh = z.object({ refresh: z.string().min(1).max(2000).optional() });
export const ZRefreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

export const ZResetRequest = z.object({ email: ZEmail });
export type TResetRequest = z.infer<typeof ZResetRequest>;

export const ZNewPassword = z
  .string({ error: VALIDATION_TEXTS.required })
  .max(LIMITS.passwordMaxLength, VALIDATION_TEXTS.tooLong)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZResetConfirm = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
  new_password: ZNewPassword,
});
export type TResetConfirm = z.infer<typeof ZResetConfirm>;
export const ZResetConfirmResponse = z.object({
  email: z.string(),
  message: z.string(),
  success: z.literal(true),
});
export type TResetConfirmResponse = z.infer<typeof ZResetConfirmResponse>;

/** The Set Your Password form (two fields; only new_password goes to the server). */
export const ZSetPasswordForm = z
  .object({ new_password: ZNewPassword, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: AUTH_TEXTS.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type TSetPasswordForm = z.infer<typeof ZSetPasswordForm>;

export const ZResetValidateQuery = z.object({ uid: z.string().max(64), token: z.string().max(200) });
/** What a password link was sent for: a new account's activation or a reset (the page words its button by it). */
export const ZPasswordLinkPurpose = z.enum(['activate', 'reset']);
export type TPasswordLinkPurpose = z.infer<typeof ZPasswordLinkPurpose>;

/** `purpose` comes with a valid link only. */
export const ZResetValidateResponse = z.object({
  validLink: z.boolean(),
  message: z.string(),
  purpose: ZPasswordLinkPurpose.optional(),
});
export type TResetValidateResponse = z.infer<typeof ZResetValidateResponse>;

export const ZTerms = z.object({ privacy: z.boolean(), waiver: z.boolean(), terms: z.boolean() });
export type TTerms = z.infer<typeof ZTerms>;

/** The password the signed-in user types to prove a change is theirs (email, password, check-email). */
export const ZCurrentPassword = z
  .string({ error: AUTH_TEXTS.currentPasswordRequired })
  .min(1, AUTH_TEXTS.currentPasswordRequired)
  .max(LIMITS.passwordMaxLength, VALIDATION_TEXTS.tooLong);

/**
 * Therapists and staff check any address. Anyone else (a client) checks an address only for their own change:
 * with their current password (decision 011); without it the answer is 403.
 */
export const ZCheckEmail = z.object({
  email: ZEmail,
  timestamp: z.unknown().optional(),
  current_password: z.string().max(LIMITS.passwordMaxLength, VALIDATION_TEXTS.tooLong).optional(),
});
export const ZCheckEmailResponse = z.object({ exists: z.boolean() });

/** A log record sent by the web app, also before sign-in (docs/product/security-and-privacy.md#logs). */
export const ZLogRecord = z.object({
  timestamp: z.string().max(40).optional(),
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string().max(LIMITS.logMessageMaxLength),
  correlation_id: z.string().max(64).optional(),
  application: z.string().max(50).optional(),
  url: z.string().max(2000).optional(),
  method: z.string().max(10).optional(),
  status: z.number().int().optional(),
  error: z.string().max(LIMITS.logMessageMaxLength).optional(),
});
export type TLogRecord = z.infer<typeof ZLogRecord>;

/** POST /users/me/password/: the signed-in user's own password change (the reset's rules for the new one). */
export const ZChangePassword = z.object({
  current_password: ZCurrentPassword,
  new_password: ZNewPassword,
});
export type TChangePassword = z.infer<typeof ZChangePassword>;
export const ZChangePasswordResponse = z.object({ message: z.string(), success: z.literal(true) });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** The Change Password form: the current password and the new one twice (confirm_password stays in the browser). */
export const ZChangePasswordForm = z
  .object({ current_password: ZCurrentPassword, new_password: ZNewPassword, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: AUTH_TEXTS.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** POST /confirm-email/: the link a therapist's email change sent to the new address. */
export const ZConfirmEmail = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
});
export type TConfirmEmail = z.infer<typeof ZConfirmEmail>;
export const ZConfirmEmailResponse = z.object({
  email: z.string(),
  message: z.string(),
  success: z.literal(true),
});
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;
