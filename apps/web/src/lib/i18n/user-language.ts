import { updateSessionUser } from '../session';
import { activateLanguage, knownLanguage, pseudoChosen } from './active-language';

/** The signed-in user's own language wins over the page's choice: remembered for the next start, and shown now. */
export function followUserLanguage(language: string | null | undefined): Promise<void> {
  const known = knownLanguage(language);
  if (!known) return Promise.resolve();
  updateSessionUser({ language: known });
  return pseudoChosen() ? Promise.resolve() : activateLanguage(known);
}
