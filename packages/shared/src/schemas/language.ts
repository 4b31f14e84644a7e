import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** One of the five languages (docs/product/languages.md); anything else answers 400 on `language`. */
export const ZLanguage = z.enum(LANGUAGES, { error: /*i18n*/ 'Choose one of the languages offered.' });
