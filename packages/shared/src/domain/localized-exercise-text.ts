import type { TLanguage } from '../languages';
import type { TExerciseText, TExerciseTranslations } from '../schemas/exercise-translations';

/**
 * A library item's name and instructions in `language`: its translation when it has one, else its own (English)
 * text. Used when a library item is added to a client's program, so the program starts in the client's language
 * (docs/product/library-and-templates.md#translations).
 */
export function localizedExerciseText(
  item: TExerciseText & { translations: TExerciseTranslations },
  language: TLanguage,
): TExerciseText {
  const translated = language === 'en' ? undefined : item.translations[language];
  const { name, instructions } = translated ?? item;
  return { name, instructions };
}
