import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { loadStarterLibrary } from '../apps/server/src/modules/library/starter-library.service';
import { databaseNameOf } from './config';

/** Drops and recreates the bench database (the name was checked by benchDatabaseUrl), then runs the migrations. */
export async function recreateDatabase(url: URL): Promise<void> {
  const name = databaseNameOf(url);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  // The server's own migrations and starter library, as the API process would load them on start.
  const database = await openPostgres(url.toString(), { startupWaitMs: 5_000 });
  await loadStarterLibrary(database.db);
  await database.close();
}
