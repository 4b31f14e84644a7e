import { ZSendMessage, ZSendMessageForm } from '@hep/shared/schemas/messages';
import { badRequest } from '../../lib/app-error';
import { parseFields } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import type { PurposeOf, ReceivedForm } from '../../lib/multipart-form';
import type { StoredUpload, UploadPurpose } from '../media/media.service';

// POST /clients/{client_id}/messages/ (JSON, or multipart with a photo or video) checked against the shared schemas
// at the edge (docs/product/messages.md#calls).

/** The file parts: `image`, a photo, or `video`; each must be of its kind. */
export const messageFiles: PurposeOf<UploadPurpose> = (field) =>
  field === 'image' ? 'message-image' : field === 'video' ? 'message-video' : null;

const ONE_FILE = /*i18n*/ 'Send one photo or one video with a message.';

export interface MessageInput {
  text: string;
  program_id: number | null;
  exercise_id: number | null;
  day: string | null;
  /** The photo or video, already in the media store, if the form carried one. */
  upload: StoredUpload | undefined;
}

/** The message a form carries: a multipart one may leave its text empty when it brings a file, JSON never. */
export function readMessageInput(form: ReceivedForm<StoredUpload>, multipart: boolean): MessageInput {
  const [file, extra] = form.files;
  if (extra) throw badRequest(ONE_FILE, { [extra.field]: ONE_FILE });
  const fields = multipart
    ? parseFields(ZSendMessageForm, { ...formValues(form.fields), has_file: file !== undefined })
    : parseFields(ZSendMessage, form.fields);
  return {
    text: fields.text,
    program_id: fields.program_id ?? null,
    exercise_id: fields.exercise_id ?? null,
    day: fields.day ?? null,
    upload: file?.upload,
  };
}
