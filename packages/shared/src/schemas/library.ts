import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { requiredField, ZFormBoolean, ZId, ZText } from './common';
import { dosageInputShape } from './dosage';
import {
  exerciseMediaIdFields,
  ZExerciseContent,
  ZExerciseInstructions,
  ZExerciseName,
} from './exercise-content';
import { ZExerciseTranslations, ZExerciseTranslationsInput } from './exercise-translations';

// The exercise library (the starter library plus each clinic's own), its search and its saves:
// docs/product/library-and-templates.md#exercise-library.

/** Items on one page of GET /library/exercises/. */
export const LIBRARY_PAGE_SIZE = 25;
export const LIBRARY_TAG_MAX_LENGTH = 40;
export const LIBRARY_MAX_TAGS = 10;

export const LIBRARY_MESSAGES = {
  // The catalog id is the text itself, so the numbers are written out: LIBRARY_TAG_MAX_LENGTH and LIBRARY_MAX_TAGS.
  tagLength: /*i18n*/ 'Each tag needs 1 to 40 letters.',
  tooManyTags: /*i18n*/ 'Use 10 tags or fewer.',
  invalidPage: /*i18n*/ 'Enter a page number of 1 or more.',
  starterReadOnly: /*i18n*/ 'Starter exercises cannot be changed. Save a copy to your library instead.',
} as const;

/** A library exercise as the API returns it: the exercise content with its tags and where it comes from. */
export const ZLibraryExercise = ZExerciseContent.extend({
  id: z.number(),
  tags: z.array(z.string()),
  /** The name and instructions in other languages: each language the item has ({} when none). */
  translations: ZExerciseTranslations,
  /** A starter library item: read-only (PUT and DELETE answer 403). */
  starter: z.boolean(),
  /** The clinic whose library holds it; null for starter items (and items of a therapist without a clinic). */
  clinic: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLibraryExercise = z.infer<typeof ZLibraryExercise>;

/** A page of the library: `next` is the next page's number, or null on the last page (as GET /users/clients/). */
export const ZLibraryPage = z.object({
  results: z.array(ZLibraryExercise),
  count: z.number(),
  next: z.number().nullable(),
});
export type TLibraryPage = z.infer<typeof ZLibraryPage>;

/** GET /library/tags/: each tag with the number of items the caller sees that carry it. */
export const ZLibraryTag = z.object({ tag: z.string(), count: z.number() });
export type TLibraryTag = z.infer<typeof ZLibraryTag>;

/** One tag as it is stored and searched: trimmed, single spaces, lower case. */
export const normalizeTag = (tag: string): string => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A list of tags: each normalized (normalizeTag), duplicates dropped, 1-40 characters, at most 10. Problems are
 * reported on the list itself (`tags`), where the form shows them.
 */
export const ZTagList = z
  .array(z.unknown(), { error: LIBRARY_MESSAGES.tagLength })
  .transform((given, ctx): string[] => {
    const tags = [...new Set(given.map((tag) => (typeof tag === 'string' ? normalizeTag(tag) : '')))];
    if (tags.some((tag) => tag.length < 1 || tag.length > LIBRARY_TAG_MAX_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: LIBRARY_MESSAGES.tagLength });
      return z.NEVER;
    }
    if (tags.length > LIBRARY_MAX_TAGS) {
      ctx.addIssue({ code: 'custom', message: LIBRARY_MESSAGES.tooManyTags });
      return z.NEVER;
    }
    return tags;
  });

/** A query value that may repeat (`?tag=a&tag=b`): one value arrives as a string, several as a list. */
const repeated = (value: unknown) => (Array.isArray(value) ? value : [value]);

/**
 * GET /library/exercises/?q=&tag=&page=: `q` searches name, tags and instructions, each word as a prefix (while
 * typing); every `tag` given must be on the item; pages of 25 from 1.
 */
export const ZLibraryQuery = z.object({
  q: ZText.trim().max(200, VALIDATION_TEXTS.tooLong).optional(),
  tag: z.preprocess(repeated, ZTagList).optional(),
  page: z.coerce
    .number({ error: LIBRARY_MESSAGES.invalidPage })
    .int(LIBRARY_MESSAGES.invalidPage)
    .min(1, LIBRARY_MESSAGES.invalidPage)
    .max(2_147_483_647, LIBRARY_MESSAGES.invalidPage)
    .optional(),
});
export type TLibraryQuery = z.output<typeof ZLibraryQuery>;

const libraryText = {
  name: ZExerciseName,
  instructions: ZExerciseInstructions,
  ...exerciseMediaIdFields,
  ...dosageInputShape,
};

/** Translations in a form: one JSON object (a JSON string in multipart); blank or null is none. */
const translationsField = z.preprocess(
  (value) => (value === '' || value === null ? {} : value),
  ZExerciseTranslationsInput,
);

/**
 * POST /library/exercises/: multipart (files `image`, `video`) or JSON without files. `tags` is one repeated field
 * per tag or one JSON array string; `translations` one JSON object string. `image_media_id`/`video_media_id` reuse
 * media the caller may already see.
 */
export const ZLibraryExerciseFields = z.object({
  ...libraryText,
  instructions: libraryText.instructions.default(''),
  tags: ZTagList.default([]),
  translations: translationsField.optional().default({}),
});
export type TLibraryExerciseFields = z.input<typeof ZLibraryExerciseFields>;

/**
 * PUT /library/exercises/{id}/: name as on create; instructions, tags, translations (all languages at once) and each
 * dosage field replace the current ones when sent and stay when left out. Without a new file or media id,
 * keep_image/keep_video ("true" when left out) keep the current one.
 */
export const ZUpdateLibraryExerciseFields = z.object({
  ...libraryText,
  instructions: libraryText.instructions.optional(),
  tags: ZTagList.optional(),
  translations: translationsField.optional(),
  keep_image: ZFormBoolean.default(true),
  keep_video: ZFormBoolean.default(true),
});
export type TUpdateLibraryExerciseFields = z.input<typeof ZUpdateLibraryExerciseFields>;

/** POST /library/exercises/from-exercise/: a program's exercise saved to the clinic's library by reference. */
export const ZFromExercise = z.object({ exercise_id: requiredField(ZId) });
export type TFromExercise = z.input<typeof ZFromExercise>;
