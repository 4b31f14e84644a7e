import { type ChangeEvent, useId } from 'react';
import { Globe } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGES } from '@hep/shared/languages';
import { activateLanguage, storeLanguageChoice } from '../../../lib/i18n/active-language';
import { isLanguage, LANGUAGE_NAMES } from '../../../lib/i18n/languages';
import { sendLog } from '../../../lib/logger';
import { useSession } from '../../../lib/session';

/**
 * The language of the login, activation and reset pages, kept in this browser until someone signs in; then the
 * user's own language wins (docs/product/languages.md). Each language is listed in its own name, so a person who
 * cannot read the page's language still finds theirs.
 */
export function LanguageSwitch() {
  const session = useSession();
  // Re-renders when the language changes, so the list shows the new one.
  const { i18n } = useLingui();
  const id = useId();
  if (session.status !== 'ready' || session.user) return null;

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const language = event.target.value;
    if (!isLanguage(language)) return;
    storeLanguageChoice(language);
    activateLanguage(language).catch((error: unknown) =>
      // The catalog could not load (offline): the page stays in its language; the choice is kept for next time.
      sendLog({ level: 'warn', message: 'Failed to load a language', error: String(error) }),
    );
  };

  return (
    <div className="d-flex justify-content-end align-items-center gap-2 mb-3">
      <Globe aria-hidden="true" className="text-body-secondary" />
      <label htmlFor={id} className="form-label mb-0 small">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={isLanguage(i18n.locale) ? i18n.locale : 'en'}
        onChange={onChange}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
