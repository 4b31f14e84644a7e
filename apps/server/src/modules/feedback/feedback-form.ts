import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@hep/shared/messages';
import { ZFeedbackFields } from '@hep/shared/schemas/feedback';
import type { AppContext } from '../../context';
import { type PurposeOf, readSaveForm } from '../programs/program-form';
import { fieldsOf, invalid, type ReceivedForm } from '../programs/program-input';

// Turning POST/PUT /feedback/ (multipart, or JSON without a file) into checked values.

/** The one file part: `media`, a photo or a video (spec section 5, feedback types). */
const feedbackFiles: PurposeOf = (field) => (field === 'media' ? 'feedback' : null);

/**
 * Reads the form, streaming a `media` part straight into the media store (program-form.ts): on a failure half-way
 * nothing is left behind; after that, the caller owns the stored file and discards it if the save fails.
 */
export const readFeedbackForm = (ctx: AppContext, request: FastifyRequest) =>
  readSaveForm(ctx, request, feedbackFiles);

export interface FeedbackInput {
  /** Required on POST; on PUT, when sent, it must match the entry. */
  exercise?: number | undefined;
  date_completed?: string | undefined;
  effort_rating: number;
  feeling: string;
}

const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const KEYS = ['exercise', 'date_completed', 'effort_rating', 'feeling'] as const;

/**
 * The fields, checked with the shared schema. A missing or blank value gets "required" rather than the schema's
 * type message, and a blank effort is not taken as 0 (which Number('') would give).
 */
export function readFeedbackFields(form: ReceivedForm, mode: 'create' | 'update'): FeedbackInput {
  const raw = Object.fromEntries(KEYS.map((key) => [key, blankToUndefined(single(form.fields[key]))]));
  const missing: Record<string, string> = {};
  if (mode === 'create' && raw.exercise === undefined) missing.exercise = MESSAGES.required;
  if (mode === 'create' && raw.date_completed === undefined) missing.date_completed = MESSAGES.required;
  if (raw.effort_rating === undefined) missing.effort_rating = MESSAGES.effortRequired;

  const schema =
    mode === 'create' ? ZFeedbackFields : ZFeedbackFields.partial({ exercise: true, date_completed: true });
  const parsed = schema.safeParse(raw);
  const found = parsed.success ? {} : fieldsOf(parsed.error);
  const fields: Record<string, string> = {};
  for (const key of KEYS) {
    const message = missing[key] ?? found[key];
    if (message) fields[key] = message;
  }
  if (Object.keys(fields).length) throw invalid(fields);
  if (!parsed.success) throw invalid(found);
  return parsed.data;
}
