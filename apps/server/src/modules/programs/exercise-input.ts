import {
  ZBatchExercisesFields,
  ZCreateExerciseFields,
  ZUpdateExerciseFields,
} from '@hep/shared/schemas/programs';
import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { dosageValues } from '../../lib/dosage';
import { checkFields, invalid, parseFields } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import type { ReceivedForm } from '../../lib/multipart-form';
import type { StoredUpload } from '../media/media.service';
import { draftsWithFiles, type ExerciseDraft, singleExerciseUploads } from './exercise-drafts';
import { PROGRAM_FORM } from './program-input';

// The exercise calls' forms checked against the shared schemas at the edge. Pure: no database.

type Form = ReceivedForm<StoredUpload>;
const uploadsOf = (form: Form) => form.files.map((f) => f.upload);
const text = (fields: { name: string; instructions: string }) => ({
  name: fields.name.trim(),
  instructions: fields.instructions.trim(),
});

/** POST /exercises/: the new exercise, last in its program. */
export function readNewExercise(form: Form) {
  const fields = parseFields(ZCreateExerciseFields, formValues(form.fields));
  const draft: ExerciseDraft = {
    ...text(fields),
    keepImage: false,
    keepVideo: false,
    sourceExerciseId: null,
    dosage: dosageValues(fields),
    imageMediaId: fields.image_media_id ?? null,
    videoMediaId: fields.video_media_id ?? null,
    ...singleExerciseUploads(form.files),
  };
  return { programId: fields.program_id, draft, uploads: uploadsOf(form) };
}
export type NewExerciseInput = ReturnType<typeof readNewExercise>;

/**
 * PUT /exercises/{id}/: new name and instructions, keep flags, media ids and new files; the dosage fields sent
 * replace the current ones (`sent`), those left out stay.
 */
export function readExerciseChange(form: Form) {
  const values = formValues(form.fields);
  const fields = parseFields(ZUpdateExerciseFields, values);
  return {
    programId: fields.program_id,
    change: {
      ...text(fields),
      keepImage: fields.keep_image,
      keepVideo: fields.keep_video,
      ...(fields.image_media_id ? { imageMediaId: fields.image_media_id } : {}),
      ...(fields.video_media_id ? { videoMediaId: fields.video_media_id } : {}),
      ...singleExerciseUploads(form.files),
    },
    dosageSent: Object.fromEntries(
      DOSAGE_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, fields[f] ?? null]),
    ),
    uploads: uploadsOf(form),
  };
}
export type ExerciseChangeInput = ReturnType<typeof readExerciseChange>;

/** POST /exercises/batch_create/: the program's whole exercise list, files included. */
export function readExerciseBatch(form: Form) {
  const values = formValues(form.fields, PROGRAM_FORM);
  const checked = checkFields(ZBatchExercisesFields, values);
  const fields = checked.success ? {} : { ...checked.fields };
  const drafts = draftsWithFiles(values.exercises, form.files, fields);
  if (!checked.success || !drafts || Object.keys(fields).length) throw invalid(fields);
  return { programId: checked.data.program_id, drafts, uploads: uploadsOf(form) };
}
export type ExerciseBatchInput = ReturnType<typeof readExerciseBatch>;
