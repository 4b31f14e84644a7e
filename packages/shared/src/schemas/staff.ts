import { z } from 'zod';
import { RETENTION_TEXTS } from '../texts/retention';
import { VALIDATION_TEXTS } from '../texts/validation';
import { DISCIPLINES } from '../domain/constants';
import { ZEmail, ZId, ZName, ZText } from './common';

/** GET /users/ (staff): one row of Manage Users (docs/product/staff.md#manage-users). */
export const ZUserListItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  is_therapist: z.boolean(),
  is_active: z.boolean(),
  /** A client account: staff may erase it once deactivated (docs/product/retention.md#erasure). */
  is_client: z.boolean(),
  /** A carer account (docs/product/carers.md): listed with the role Carer. */
  is_carer: z.boolean(),
  discipline: z.string().nullable(),
  clinic: z.string().nullable(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const ZClinic = z.object({ id: z.number(), name: z.string() });
export type TClinic = z.infer<typeof ZClinic>;
export const ZCreateClinic = z.object({ name: ZName });
export type TCreateClinic = z.infer<typeof ZCreateClinic>;

/** The most a clinic's crisis text may hold. */
export const CRISIS_TEXT_MAX = 500;

/**
 * GET /clinics/{id}/: a clinic's settings. `crisis_text` is the clinic's own words for a client who may be at risk
 * (docs/product/outcome-measures.md#safety), null when it uses the default, which `default_crisis_text` gives in the
 * reader's language.
 */
export const ZClinicSettings = z.object({
  id: z.number(),
  name: z.string(),
  crisis_text: z.string().nullable(),
  default_crisis_text: z.string(),
  /** Clients deactivated this many years ago are erased (docs/product/retention.md). */
  retention_years: z.number(),
});
export type TClinicSettings = z.infer<typeof ZClinicSettings>;

/** A clinic keeps a deactivated client's records this many years at least and at most (docs/product/retention.md). */
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 100;
export const RETENTION_YEARS_DEFAULT = 7;

/**
 * PATCH /clinics/{id}/: blank or null goes back to the default crisis text; absent keeps it. `retention_years` a
 * whole number from 1 to 100; absent keeps it.
 */
export const ZUpdateClinic = z.object({
  retention_years: z
    .number({ error: RETENTION_TEXTS.retentionYearsRange })
    .int(RETENTION_TEXTS.retentionYearsRange)
    .min(RETENTION_YEARS_MIN, RETENTION_TEXTS.retentionYearsRange)
    .max(RETENTION_YEARS_MAX, RETENTION_TEXTS.retentionYearsRange)
    .optional(),
  crisis_text: z
    .union([ZText.trim().max(CRISIS_TEXT_MAX, VALIDATION_TEXTS.tooLong), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type TUpdateClinic = z.input<typeof ZUpdateClinic>;

export const ZDeactivateUsers = z.object({ userIds: z.array(ZId).min(1).max(1000) });
export const ZDeactivateResponse = z.object({ message: z.string(), deactivated: z.number() });

/** POST /users/add_therapist/: every field required (docs/product/staff.md#add-therapists). */
export const ZAddTherapist = z.object({
  first_name: ZName,
  last_name: ZName,
  email: ZEmail,
  clinic_id: z.coerce
    .number({ error: VALIDATION_TEXTS.required })
    .int(VALIDATION_TEXTS.required)
    .positive(VALIDATION_TEXTS.required),
  discipline: z.enum(DISCIPLINES, { error: VALIDATION_TEXTS.required }),
});
export type TAddTherapist = z.input<typeof ZAddTherapist>;
export const ZAddTherapistResponse = z.object({ message: z.string(), created: z.number() });

/** A CSV import refused: every bad row, 1-based as a spreadsheet numbers them (the header is row 1). */
export const ZCsvRowError = z.object({ row: z.number(), message: z.string() });
export const CSV_TEMPLATE_COLUMNS = ['First Name', 'Last Name', 'Email', 'Discipline', 'Clinic ID'] as const;
export const CSV_MAX_BYTES = 1_048_576;
export const CSV_MAX_ROWS = 1000;

/** GET /metrics/: the dashboard's numbers (docs/product/staff.md#metrics-dashboard). */
export const ZMetrics = z.object({
  users: z.object({ total: z.number(), active: z.number(), therapists: z.number(), clients: z.number() }),
  clinics: z.array(
    z.object({
      name: z.string(),
      total_therapists: z.number(),
      active_therapists: z.number(),
      total_clients: z.number(),
      active_clients: z.number(),
      total_users: z.number(),
      active_users: z.number(),
    }),
  ),
  programs: z.object({
    by_therapist: z.array(
      z.object({ user__email: z.string(), program_count: z.number(), client_count: z.number() }),
    ),
  }),
  exercise_feedback: z.object({ total: z.number(), average_effort: z.number().nullable() }),
});
export type TMetrics = z.infer<typeof ZMetrics>;

/** GET /test-server/status/ and POST /test-server/refresh/ (docs/product/staff.md#test-server). */
export const ZTestServerStatus = z.object({
  configured: z.boolean(),
  online: z.boolean(),
  can_refresh: z.boolean(),
});
export type TTestServerStatus = z.infer<typeof ZTestServerStatus>;
export const ZTestServerRefreshResponse = z.object({ message: z.string() });
