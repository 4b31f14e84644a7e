import type { Db } from '../../db/client';
import { readStarterLibrary, type StarterLibrary } from './starter-library';
import { writeStarterLibrary } from './starter-library.repository';
import { readStarterPictures } from './starter-pictures';

/**
 * Brings the database's starter library up to the file the app ships (or `library`), right after the migrations:
 * called by whatever opens a database for the app (run-server.ts, cli.ts, the tests' template, the bench). Idempotent,
 * and safe when several processes start at once (starter-library.repository). Returns the keys it wrote.
 */
export async function loadStarterLibrary(
  db: Db,
  library: StarterLibrary = readStarterLibrary(),
): Promise<string[]> {
  return writeStarterLibrary(db, library, readStarterPictures(library.items));
}
