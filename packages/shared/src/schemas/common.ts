import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { LIMITS } from '../limits';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True for text no field may hold: a NUL character (PostgreSQL cannot store it in text) or half of a surrogate pair
 * (not Unicode at all; it would be saved as a replacement character). The API refuses either in any field with
 * VALIDATION_TEXTS.invalidCharacter (docs/product/security-and-privacy.md#input-checks); the forms say the same before
 * sending.
 */
export const hasInvalidText = (value: string): boolean =>
  value.includes('\u0000') || LONE_SURROGATE.test(value);

const wellFormed = (value: unknown): boolean => typeof value !== 'string' || !hasInvalidText(value);

/** A string with no invalid text (hasInvalidText), for the shared field schemas to build on. */
export const ZText = z
  .string()
  .refine(wellFormed, { message: VALIDATION_TEXTS.invalidCharacter, abort: true });

export const ZEmail = z
  .string({ error: VALIDATION_TEXTS.required })
  .trim()
  .min(1, VALIDATION_TEXTS.required)
  .max(LIMITS.emailMaxLength, VALIDATION_TEXTS.tooLong)
  .refine(wellFormed, { message: VALIDATION_TEXTS.invalidCharacter, abort: true })
  .pipe(z.email({ error: VALIDATION_TEXTS.invalidEmail }));

export const ZName = z
  .string({ error: VALIDATION_TEXTS.required })
  .trim()
  .min(1, VALIDATION_TEXTS.required)
  .max(LIMITS.nameMaxLength, VALIDATION_TEXTS.tooLong)
  .refine(wellFormed, { message: VALIDATION_TEXTS.invalidCharacter, abort: true });

/**
 * Whether a yyyy-MM-dd text (digits where the pattern says) names a day of the calendar: worked out with arithmetic,
 * as every request's dates pass here, where a Date and its ISO text cost a cheap read 1% of its CPU.
 */
function isRealDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar date on the wire: yyyy-MM-dd, a real day, in the years 1900 to 2999. */
export const ZIsoDate = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, VALIDATION_TEXTS.invalidDate)
  .refine(isRealDay, VALIDATION_TEXTS.invalidDate);

/**
 * A date of birth: a real date, not in the future. "Today" is taken a day late, so that a client whose day has
 * begun ahead of UTC (Australia) is never refused their own date.
 */
export const ZDateOfBirth = ZIsoDate.refine((value) => {
  const latest = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return value <= latest;
}, VALIDATION_TEXTS.dateOfBirthFuture);

/** A record id: a positive PostgreSQL integer (a larger number names no record, and must not reach a query). */
const INVALID_ID = /*i18n*/ 'Enter a valid id.';
export const ZId = z.coerce
  .number({ error: INVALID_ID })
  .int(INVALID_ID)
  .positive(INVALID_ID)
  .max(2_147_483_647, INVALID_ID);

// Form fields: multipart sends text, and a blank field means "left out", so the same schema reads both bodies.

/** A multipart boolean: "true"/"false" (or a JSON boolean). */
export const ZFormBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A form field that must be filled in: missing or blank says `message`, text with a character no field may hold
 * says so, anything else `schema` checks.
 */
export const requiredField = <T extends z.ZodType>(schema: T, message: string = VALIDATION_TEXTS.required) =>
  z.preprocess(
    blankToUndefined,
    z
      .unknown()
      .refine((value): boolean => value !== undefined, { message, abort: true })
      .refine(wellFormed, { message: VALIDATION_TEXTS.invalidCharacter, abort: true })
      .pipe(schema),
  );

/** A form field that may be left out; blank counts as left out. Text is checked as in `requiredField`. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    blankToUndefined,
    z
      .unknown()
      .refine(wellFormed, { message: VALIDATION_TEXTS.invalidCharacter, abort: true })
      .pipe(schema.optional()),
  );

/** The error body of every failed response (docs/product/api-conventions.md#error-format). */
export const ZApiError = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A refused CSV import: every bad row (spreadsheet numbering, the header is row 1). */
  rows: z.array(z.object({ row: z.number(), message: z.string() })).optional(),
  correlation_id: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZOk = z.object({ success: z.literal(true), message: z.string().optional() });
