import { ERROR_TEXTS } from '@hep/shared/texts/errors';

// What the feedback test files share; their app on a data folder of its own is test/media-test-app.ts.

export const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
