import type { FieldPath } from 'react-hook-form';
import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { TRANSLATED_LANGUAGES } from '@hep/shared/languages';
import type { TExerciseText, TTranslatedLanguage } from '@hep/shared/schemas/exercise-translations';
import { normalizeTag, type TLibraryExercise } from '@hep/shared/schemas/library';
import {
  blankExerciseContent,
  contentFieldPath,
  EXERCISE_MEDIA_KINDS,
  type ExerciseContentValues,
  exerciseContentValues,
} from '../../../lib/exercise-content';

/**
 * The Add/Edit exercise form: the exercise content (lib/exercise-content), its tags, and the clinic's own name and
 * instructions in each other language (docs/product/library-and-templates.md#translations), blank when none.
 */
export type LibraryFormValues = ExerciseContentValues & {
  /** Tags separated by commas, as typed. */
  tags: string;
  translations: Record<TTranslatedLanguage, TExerciseText>;
};

const SERVER_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'instructions',
  'tags',
  'translations',
  ...DOSAGE_FIELDS,
]);

/** The form field a server message names (`sets` is `dosage.sets`); null for one the form does not show. */
export function libraryFieldPath(key: string): FieldPath<LibraryFormValues> | null {
  return SERVER_FIELDS.has(key) ? (contentFieldPath(key) as FieldPath<LibraryFormValues>) : null;
}

/** An item's own photo and video stay unless unticked or replaced; a new item starts blank. */
export function libraryFormValues(item?: TLibraryExercise): LibraryFormValues {
  return {
    ...(item ? exerciseContentValues(item, 'own') : blankExerciseContent()),
    tags: item?.tags.join(', ') ?? '',
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => [
        language,
        item?.translations[language] ?? { name: '', instructions: '' },
      ]),
    ) as LibraryFormValues['translations'],
  };
}

/** The languages given a name, each with its name and instructions trimmed: what the item keeps. */
export function filledTranslations(
  translations: LibraryFormValues['translations'],
): Partial<Record<TTranslatedLanguage, TExerciseText>> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.filter((language) => translations[language].name.trim()).map((language) => [
      language,
      { name: translations[language].name.trim(), instructions: translations[language].instructions.trim() },
    ]),
  );
}

/** "Balance, sit to stand,, Balance" -> ["balance", "sit to stand"]: as the server stores them. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map(normalizeTag).filter(Boolean))];
}

/**
 * The multipart body of POST and PUT /library/exercises/: every field is sent, so an edit can also clear one (a
 * blank dosage field is "not given"; no tags is an empty JSON list, since leaving `tags` out keeps them; the
 * translations are one JSON object, `{}` for none). Files last: the server reads the fields before it streams
 * the files.
 */
export function buildLibraryBody(
  values: LibraryFormValues,
  editing: boolean,
): { body: FormData; hasFiles: boolean } {
  const body = new FormData();
  body.append('name', values.name.trim());
  body.append('instructions', values.instructions.trim());
  const tags = parseTags(values.tags);
  if (tags.length > 0) for (const tag of tags) body.append('tags', tag);
  else if (editing) body.append('tags', '[]');
  for (const field of DOSAGE_FIELDS) body.append(field, values.dosage[field].trim());
  body.append('translations', JSON.stringify(filledTranslations(values.translations)));
  if (editing)
    for (const kind of EXERCISE_MEDIA_KINDS) body.append(`keep_${kind}`, String(values[kind].keep));
  let hasFiles = false;
  for (const kind of EXERCISE_MEDIA_KINDS) {
    const file = values[kind].file;
    if (file) body.append(kind, file, file.name);
    hasFiles ||= file !== null;
  }
  return { body, hasFiles };
}
