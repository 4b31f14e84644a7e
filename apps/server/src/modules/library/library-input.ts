import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { ZLibraryExerciseFields, ZUpdateLibraryExerciseFields } from '@hep/shared/schemas/library';
import { dosageValues } from '../../lib/dosage';
import { parseFields } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import type { PurposeOf, ReceivedFile, ReceivedForm } from '../../lib/multipart-form';
import type { StoredUpload, UploadPurpose } from '../media/media.service';

// The library's save forms (multipart or JSON) checked against the shared schemas at the edge. Pure: no database.

type Form = ReceivedForm<StoredUpload>;
const LIBRARY_FORM = { lists: ['tags'], json: ['translations'] } as const;

/** The file fields of a library save: `image` and `video`, checked as a program exercise's are. */
export const libraryFiles: PurposeOf<UploadPurpose> = (field) =>
  field === 'image' ? 'exercise-image' : field === 'video' ? 'exercise-video' : null;

/**
 * One kind of media in a save: a new file wins, else a media id to reuse
 * (docs/product/library-and-templates.md#media-by-reference), else `keep` decides.
 */
export interface MediaChoice {
  upload?: StoredUpload;
  mediaId: number | null;
  /** PUT only: keep the current file when neither a file nor an id came. */
  keep: boolean;
}

const choiceOf = (
  files: ReceivedFile<StoredUpload>[],
  field: 'image' | 'video',
  mediaId: number | undefined,
  keep: boolean,
): MediaChoice => {
  const upload = files.find((f) => f.field === field)?.upload;
  return { ...(upload ? { upload } : {}), mediaId: mediaId ?? null, keep };
};

/** The media ids a form names, read from the fields that came before its files (a bad id is a 400). */
export function namedMediaIds(fields: Record<string, unknown>): (number | undefined)[] {
  const { image_media_id, video_media_id } = parseFields(
    ZLibraryExerciseFields.pick({ image_media_id: true, video_media_id: true }),
    formValues(fields),
  );
  return [image_media_id, video_media_id];
}

/** POST /library/exercises/ */
export function readNewLibraryExercise(form: Form) {
  const fields = parseFields(ZLibraryExerciseFields, formValues(form.fields, LIBRARY_FORM));
  return {
    name: fields.name,
    instructions: fields.instructions,
    tags: fields.tags,
    translations: fields.translations,
    dosage: dosageValues(fields),
    image: choiceOf(form.files, 'image', fields.image_media_id, false),
    video: choiceOf(form.files, 'video', fields.video_media_id, false),
    uploads: form.files.map((f) => f.upload),
  };
}
export type NewLibraryExerciseInput = ReturnType<typeof readNewLibraryExercise>;

/**
 * PUT /library/exercises/{id}/: the name; instructions, tags, translations and each dosage field when sent (left
 * out, they stay); media per kind as MediaChoice says.
 */
export function readLibraryExerciseChange(form: Form) {
  const values = formValues(form.fields, LIBRARY_FORM);
  // formValues reads a missing list as an empty one: here left out means "keep the tags".
  if (form.fields.tags === undefined) delete values.tags;
  const fields = parseFields(ZUpdateLibraryExerciseFields, values);
  return {
    name: fields.name,
    instructions: fields.instructions,
    tags: fields.tags,
    translations: fields.translations,
    dosageSent: Object.fromEntries(
      DOSAGE_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, fields[f] ?? null]),
    ),
    image: choiceOf(form.files, 'image', fields.image_media_id, fields.keep_image),
    video: choiceOf(form.files, 'video', fields.video_media_id, fields.keep_video),
    uploads: form.files.map((f) => f.upload),
  };
}
export type LibraryExerciseChangeInput = ReturnType<typeof readLibraryExerciseChange>;
