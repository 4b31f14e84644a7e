import { ZFeedbackFields, ZUpdateFeedbackFields } from '@hep/shared/schemas/feedback';
import { parseFields } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import type { PurposeOf, ReceivedForm } from '../../lib/multipart-form';
import type { StoredUpload, UploadPurpose } from '../media/media.service';

// POST/PUT /feedback/ (multipart, or JSON without a file) checked against the shared schemas at the edge.

/**
 * The one file part: `media`, a photo or a video (its types: docs/product/feedback-and-progress.md#feedback-form).
 */
export const feedbackFiles: PurposeOf<UploadPurpose> = (field) => (field === 'media' ? 'feedback' : null);

export interface FeedbackInput {
  /** Required on POST; on PUT, when sent, it must match the entry. */
  exercise?: number | undefined;
  date_completed?: string | undefined;
  effort_rating: number;
  /**
   * Pain (docs/product/feedback-and-progress.md#pain): 0-10, or left out (undefined) when the client did not say; a
   * PUT without it clears it.
   */
  pain?: number | undefined;
  feeling: string;
  /** The new photo or video, if the form carried one. */
  upload: StoredUpload | undefined;
}

export function readFeedbackInput(
  form: ReceivedForm<StoredUpload>,
  mode: 'create' | 'update',
): FeedbackInput {
  const schema = mode === 'create' ? ZFeedbackFields : ZUpdateFeedbackFields;
  const fields = parseFields(schema, formValues(form.fields));
  return { ...fields, upload: form.files.find((f) => f.field === 'media')?.upload };
}

/** The exercise field, read on its own to check the caller's scope before the file is stored. */
export const readFeedbackTarget = (fields: Record<string, unknown>) =>
  parseFields(ZFeedbackFields.pick({ exercise: true }), formValues(fields)).exercise;
