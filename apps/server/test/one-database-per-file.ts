import { afterAll } from 'vitest';
import { closeFileDatabase } from './helper';

// The server's test files share their worker's modules (isolate: false in vitest.config.ts, which saves importing
// the app again for every file); each still gets a database of its own, closed after its last hook.
afterAll(closeFileDatabase);
