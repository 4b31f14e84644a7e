import { useFormContext } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { TRANSLATED_LANGUAGES } from '@hep/shared/languages';
import { FormField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { directionOf, LANGUAGE_NAMES } from '../../../lib/i18n/languages';
import type { LibraryFormValues } from '../utils/library-form-values';

/**
 * The clinic's own name and instructions in each other language, folded away until opened (open when the item has
 * any): a client whose language it is gets them when the exercise goes into their program
 * (docs/product/library-and-templates.md#translations). Each field is typed in its language's direction.
 */
export function LibraryTranslationsFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useLingui();
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<LibraryFormValues>();
  const hasAny = TRANSLATED_LANGUAGES.some((language) => getValues(`translations.${language}.name`));
  const sectionError = errors.translations?.message;
  return (
    <details className="mb-3" open={hasAny || Boolean(sectionError)}>
      <summary className="fw-semibold mb-2">{t`Translations (optional)`}</summary>
      <p className="form-text">
        {t`A client whose language is one of these gets its name and instructions when you add this exercise to their program.`}
      </p>
      {sectionError ? <div className="invalid-feedback d-block mb-2">{sectionError}</div> : null}
      {TRANSLATED_LANGUAGES.map((language) => {
        const languageName = LANGUAGE_NAMES[language];
        const nameId = `${idPrefix}-${language}-name`;
        const instructionsId = `${idPrefix}-${language}-instructions`;
        const nameError = errors.translations?.[language]?.name?.message;
        return (
          <fieldset key={language} className="mb-2">
            <legend className="fs-6 fw-semibold mb-1" lang={language}>
              {languageName}
            </legend>
            <TextField
              id={nameId}
              label={t`Exercise name in ${languageName}`}
              lang={language}
              dir={directionOf(language)}
              autoComplete="off"
              error={nameError}
              {...register(`translations.${language}.name`, {
                validate: (name, values) =>
                  name.trim() || !values.translations[language].instructions.trim()
                    ? true
                    : t`Give the exercise's name in this language too, or clear its instructions.`,
              })}
            />
            <FormField id={instructionsId} label={t`Instructions in ${languageName}`}>
              <textarea
                id={instructionsId}
                rows={3}
                lang={language}
                dir={directionOf(language)}
                className="form-control"
                {...register(`translations.${language}.instructions`)}
              />
            </FormField>
          </fieldset>
        );
      })}
    </details>
  );
}
