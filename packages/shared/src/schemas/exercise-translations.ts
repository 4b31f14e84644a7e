import { z } from 'zod';
import { TRANSLATED_LANGUAGES } from '../languages';
import { ZExerciseName, ZExerciseInstructions } from './exercise-content';

// A library item's text in the languages other than English (docs/product/library-and-templates.md#translations):
// the starter items carry ours, a clinic's items may carry their own.

export const TRANSLATION_MESSAGES = {
  unknownLanguage: /*i18n*/ 'Translations can be in es, zh-Hans, vi and ar only.',
  notTranslations: /*i18n*/ 'Send translations as an object of languages, each with a name and instructions.',
  needsBoth: /*i18n*/ 'Each translation needs a name and instructions, and nothing else.',
} as const;

const ZTranslatedLanguage = z.enum(TRANSLATED_LANGUAGES);
export type TTranslatedLanguage = z.infer<typeof ZTranslatedLanguage>;

/** One language's text as responses carry it. */
export const ZExerciseText = z.object({ name: z.string(), instructions: z.string() });
export type TExerciseText = z.infer<typeof ZExerciseText>;

/** Translations as responses carry them: each language the item has, {} when none. */
export const ZExerciseTranslations = z.partialRecord(ZTranslatedLanguage, ZExerciseText);
export type TExerciseTranslations = z.infer<typeof ZExerciseTranslations>;

/**
 * One language's text in a save: the name and the instructions together, with the same checks as the item's own
 * (instructions may be blank, as the item's may).
 */
const ZExerciseTextInput = z.strictObject(
  {
    name: ZExerciseName,
    instructions: z.string({ error: TRANSLATION_MESSAGES.needsBoth }).pipe(ZExerciseInstructions),
  },
  { error: TRANSLATION_MESSAGES.needsBoth },
);

/** One optional entry per language, for a strict object (a record of an enum would need every language). */
const eachLanguage = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, schema.optional()])) as Record<
    TTranslatedLanguage,
    z.ZodOptional<T>
  >;

/**
 * Translations in a save: any of the four languages, each a whole {name, instructions} pair; another key is refused
 * on `translations`.
 */
export const ZExerciseTranslationsInput = z.strictObject(eachLanguage(ZExerciseTextInput), {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? TRANSLATION_MESSAGES.unknownLanguage
      : TRANSLATION_MESSAGES.notTranslations,
});
