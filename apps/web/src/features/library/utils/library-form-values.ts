import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { normalizeTag, type TLibraryExercise } from '@hep/shared/schemas/library';
import { type DosageFormValues, dosageToForm } from '../../../lib/dosage-form';

/** The Add/Edit exercise form as its inputs hold it: dosage and tags as text ('' = not given). */
export type LibraryFormValues = {
  name: string;
  instructions: string;
  /** Tags separated by commas, as typed. */
  tags: string;
} & DosageFormValues;

/** The fields a server message can name, in the form's order. */
export const LIBRARY_FORM_FIELDS = ['name', 'instructions', 'tags', ...DOSAGE_FIELDS] as const;

export function libraryFormValues(item?: TLibraryExercise): LibraryFormValues {
  return {
    name: item?.name ?? '',
    instructions: item?.instructions ?? '',
    tags: item?.tags.join(', ') ?? '',
    ...dosageToForm(item ?? {}),
  };
}

/** "Balance, sit to stand,, Balance" -> ["balance", "sit to stand"]: as the server stores them. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map(normalizeTag).filter(Boolean))];
}

export interface LibraryMediaChoice {
  /** A new file; replaces the current one. */
  file: File | null;
  /** Keep the current one (edit); ignored when a file is chosen. */
  keep: boolean;
}

/**
 * The multipart body of POST and PUT /library/exercises/: every field is sent, so an edit can also clear one (a
 * blank dosage field is "not given"; no tags is an empty JSON list, since leaving `tags` out keeps them). Files
 * last: the server reads the fields before it streams the files.
 */
export function buildLibraryBody(
  values: LibraryFormValues,
  media: { image: LibraryMediaChoice; video: LibraryMediaChoice },
  editing: boolean,
): { body: FormData; hasFiles: boolean } {
  const body = new FormData();
  body.append('name', values.name.trim());
  body.append('instructions', values.instructions.trim());
  const tags = parseTags(values.tags);
  if (tags.length > 0) for (const tag of tags) body.append('tags', tag);
  else if (editing) body.append('tags', '[]');
  for (const field of DOSAGE_FIELDS) body.append(field, values[field].trim());
  if (editing) {
    body.append('keep_image', String(media.image.keep));
    body.append('keep_video', String(media.video.keep));
  }
  if (media.image.file) body.append('image', media.image.file, media.image.file.name);
  if (media.video.file) body.append('video', media.video.file, media.video.file.name);
  return { body, hasFiles: Boolean(media.image.file || media.video.file) };
}
