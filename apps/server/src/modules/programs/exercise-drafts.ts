import type { z } from 'zod';
import { type ZExerciseInput, ZExerciseList } from '@hep/shared/schemas/programs';
import type { PurposeOf, ReceivedFile } from '../../lib/multipart-form';
import { dosageValues, type DosageValues } from '../../lib/dosage';
import type { StoredUpload, UploadPurpose } from '../media/media.service';

// The exercise list of a save and the files that come with it: the one place that knows the file field names.

/** One exercise of the list a save leaves the program with (see ZExerciseInput). */
export interface ExerciseDraft {
  id?: number;
  name: string;
  instructions: string;
  keepImage: boolean;
  keepVideo: boolean;
  sourceExerciseId: number | null;
  dosage: DosageValues;
  /**
   * Media the caller may already see, reused by reference (docs/product/library-and-templates.md#media-by-reference);
   * a new file wins over it.
   */
  imageMediaId?: number | null;
  videoMediaId?: number | null;
  image?: StoredUpload;
  video?: StoredUpload;
}

const EXERCISE_FILE = /^exercise_(\d+)_(image|video)$/;
const STRAY_FILE = /*i18n*/ 'A file was sent for an exercise that is not in the list.';

/** Program saves and batch_create: `exercise_{n}_image` / `exercise_{n}_video`, n being the index in the list. */
export const exerciseListFiles: PurposeOf<UploadPurpose> = (field) => {
  const match = EXERCISE_FILE.exec(field);
  if (!match) return null;
  return match[2] === 'image' ? 'exercise-image' : 'exercise-video';
};

/** POST/PUT /exercises/: `image` and `video`. */
export const singleExerciseFiles: PurposeOf<UploadPurpose> = (field) =>
  field === 'image' ? 'exercise-image' : field === 'video' ? 'exercise-video' : null;

const toDraft = (e: z.output<typeof ZExerciseInput>): ExerciseDraft => ({
  ...(e.id !== undefined ? { id: e.id } : {}),
  name: e.name.trim(),
  instructions: e.instructions.trim(),
  keepImage: e.keep_image,
  keepVideo: e.keep_video,
  sourceExerciseId: e.source_exercise_id ?? null,
  dosage: dosageValues(e),
  imageMediaId: e.image_media_id ?? null,
  videoMediaId: e.video_media_id ?? null,
});

/**
 * The drafts of a sent exercise list (the form's values, see ZExerciseList) with each file attached to its
 * exercise; undefined when no list was sent or it is not valid (the schema reports why). A file for an exercise
 * that is not in the list is a field error in `fields`.
 */
export function draftsWithFiles(
  list: unknown,
  files: ReceivedFile<StoredUpload>[],
  fields: Record<string, string>,
): ExerciseDraft[] | undefined {
  const parsed = list === undefined ? undefined : ZExerciseList.safeParse(list);
  if (!parsed?.success) {
    if (files.length) fields.exercises ??= STRAY_FILE;
    return undefined;
  }
  const drafts = parsed.data.map(toDraft);
  for (const file of files) {
    const match = EXERCISE_FILE.exec(file.field);
    const draft = match ? drafts[Number(match[1])] : undefined;
    if (!match || !draft) fields[file.field] = STRAY_FILE;
    else draft[match[2] as 'image' | 'video'] = file.upload;
  }
  return drafts;
}

/** The files of a single-exercise call (`image`, `video`) as draft fields. */
export function singleExerciseUploads(
  files: ReceivedFile<StoredUpload>[],
): Pick<ExerciseDraft, 'image' | 'video'> {
  const image = files.find((f) => f.field === 'image')?.upload;
  const video = files.find((f) => f.field === 'video')?.upload;
  return { ...(image ? { image } : {}), ...(video ? { video } : {}) };
}
