import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import type { TExerciseContent } from '@hep/shared/schemas/exercise-content';
import { blankDosage, type DosageFormValues, dosageFromForm, dosageToForm } from './dosage-form';

// An exercise's content as the program, library and template forms hold it: the same name, instructions, dosage,
// photo and video wherever the exercise lives (ZExerciseContent on the wire).

export type ExerciseMediaKind = 'image' | 'video';

export const EXERCISE_MEDIA_KINDS: readonly ExerciseMediaKind[] = ['image', 'video'];

/**
 * A saved photo or video: its signed URL for the preview, and the id a save sends to reuse the file when it is
 * another record's (a library item's or a template's; docs/product/library-and-templates.md#media-by-reference).
 * A null id is the record's own file (or its source's, for a copy), which the server keeps by `keep_image`.
 */
export interface ExerciseMediaReference {
  url: string;
  mediaId: number | null;
}

/** An exercise's photo or video in a form: a kept reference, a new file, or nothing. */
export interface ExerciseMediaValue {
  /** A newly chosen file, checked when chosen; it replaces `current` on save. */
  file: File | null;
  current: ExerciseMediaReference | null;
  /** Keep `current` (unticked, the save drops it). */
  keep: boolean;
}

export interface ExerciseContentValues {
  name: string;
  instructions: string;
  /** As the inputs hold it: '' when not given. */
  dosage: DosageFormValues;
  image: ExerciseMediaValue;
  video: ExerciseMediaValue;
}

/** What a form starts an exercise from: any exercise the API returns (a program's, a library item, a template's). */
export type ExerciseContentSource = Pick<
  TExerciseContent,
  'name' | 'instructions' | 'image_url' | 'video_url' | 'image_media_id' | 'video_media_id'
> &
  Partial<TExerciseContent>;

const noMedia = (): ExerciseMediaValue => ({ file: null, current: null, keep: true });

export function blankExerciseContent(): ExerciseContentValues {
  return { name: '', instructions: '', dosage: blankDosage(), image: noMedia(), video: noMedia() };
}

/**
 * The content of a saved exercise in a form. `own`: the form edits that record (or copies it, and the server takes
 * the files from the source), so its files are kept by `keep_*`; `reuse`: the exercise goes into another record,
 * which names the files by id. Only files that came with a URL are reused: a URL is the proof the caller may see them.
 */
export function exerciseContentValues(
  source: ExerciseContentSource,
  media: 'own' | 'reuse',
): ExerciseContentValues {
  const reference = (url: string | null, mediaId: number | null): ExerciseMediaValue => ({
    ...noMedia(),
    current: url ? { url, mediaId: media === 'reuse' ? mediaId : null } : null,
  });
  return {
    name: source.name,
    instructions: source.instructions,
    dosage: dosageToForm(source),
    image: reference(source.image_url, source.image_media_id),
    video: reference(source.video_url, source.video_media_id),
  };
}

/** Nothing typed or chosen yet, and no media from elsewhere. */
export function isBlankContent(content: ExerciseContentValues): boolean {
  const noFile = (value: ExerciseMediaValue) => value.file === null && value.current === null;
  return (
    !content.name.trim() && !content.instructions.trim() && noFile(content.image) && noFile(content.video)
  );
}

/** The id a save sends to reuse a file: none when a new file replaces it, it is not kept, or it is the record's own. */
export function reusedMediaId(value: ExerciseMediaValue): number | null {
  return value.file === null && value.keep ? (value.current?.mediaId ?? null) : null;
}

/** The reused files of a save's exercise, only those there are (`image_media_id`, `video_media_id`). */
export function reusedMediaIds(content: Pick<ExerciseContentValues, ExerciseMediaKind>) {
  const ids: { image_media_id?: number; video_media_id?: number } = {};
  for (const kind of EXERCISE_MEDIA_KINDS) {
    const id = reusedMediaId(content[kind]);
    if (id !== null) ids[`${kind}_media_id`] = id;
  }
  return ids;
}

/** The text and dosage of a save's exercise: only the dosage fields filled in (the others are "not given"). */
export function contentFields(content: ExerciseContentValues) {
  return { name: content.name, instructions: content.instructions, ...dosageFromForm(content.dosage) };
}

/** The photo a thumbnail shows: the new file, else the current one while it is kept. */
export function shownPhoto(value: ExerciseMediaValue): File | string | null {
  return value.file ?? (value.keep ? (value.current?.url ?? null) : null);
}

const DOSAGE_KEY = new RegExp(`^((?:.+\\.)?)(${DOSAGE_FIELDS.join('|')})$`);

/**
 * A field key of the API or a shared schema (`sets`, `exercises.0.reps`) as the form's path, where the dosage is
 * one group (`dosage.sets`, `exercises.0.dosage.reps`); other keys stay as they are.
 */
export function contentFieldPath(key: string): string {
  return key.replace(DOSAGE_KEY, '$1dosage.$2');
}
