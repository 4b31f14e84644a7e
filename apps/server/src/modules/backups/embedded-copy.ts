import { openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { PGlite, protocol } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from '../../db/client';
import { writeHashed, type Digest } from './backup-files';
import { COPY_FACTS_SQL } from './backups.repository';

/** What a copy read about the database, in the copy's own snapshot. */
export interface CopyFacts {
  /** Every media row: the files the copy references. */
  media: { key: string; size: number; sha256: string }[];
  /** drizzle's created_at of the newest applied migration. */
  lastMigration: string | null;
  postgresMajor: number;
}

type Rows = (string | null)[][];

/** Runs one statement through PGlite's wire protocol, beside its query lock (the caller holds it). */
async function rowsOf(client: PGlite, text: string): Promise<Rows> {
  const { messages } = await client.execProtocol(protocol.serialize.query(text));
  return messages
    .filter((m): m is InstanceType<typeof protocol.messages.DataRowMessage> => m.name === 'dataRow')
    .map((m) => m.fields);
}

export const factsFrom = (media: Rows, lastMigration: Rows, major: Rows): CopyFacts => ({
  media: media.map(([key, size, sha256]) => ({ key: key!, size: Number(size), sha256: sha256! })),
  lastMigration: lastMigration[0]?.[0] ?? null,
  postgresMajor: Number(major[0]?.[0]),
});

/**
 * A consistent copy of the embedded database while the app keeps using it (docs/decisions/033-backups.md). PGlite is
 * one PostgreSQL backend driven from this thread: holding its transaction lock (so no transaction is open: another
 * request's statements would otherwise run inside ours) and then its query lock (so no statement runs), the data
 * folder is exactly what a crash at this instant would leave, which PostgreSQL's recovery turns into the state of
 * every committed transaction. Inside that section it reads what the copy holds (the media rows) and tars the data
 * folder, uncompressed; the gzip happens after the section, so requests wait only for the tar.
 */
export async function dumpEmbedded(client: PGlite): Promise<{ tar: Blob; facts: CopyFacts }> {
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const facts = factsFrom(
        await rowsOf(client, COPY_FACTS_SQL.media),
        await rowsOf(client, COPY_FACTS_SQL.lastMigration),
        await rowsOf(client, COPY_FACTS_SQL.postgresMajor),
      );
      if (!client.fs) throw new Error('PGlite has no file system to copy');
      const tar = await client.fs.dumpTar('pgdata', 'none');
      return { tar, facts };
    }),
  );
}

/** Writes the tar gzipped to `file`, with its size and SHA-256. */
export function writeGzipped(
  tar: Blob,
  file: string,
  options: { signal?: AbortSignal; onBytes?: (done: number) => void },
): Promise<Digest> {
  const gzip = createGzip({ chunkSize: 256 * 1024 });
  Readable.fromWeb(tar.stream() as WebReadableStream<Uint8Array>).pipe(gzip);
  return writeHashed(gzip, file, options);
}

/**
 * Fills the empty folder `pgdata` from a copy: PGlite unpacks the tarball, starts (replaying the write-ahead log the
 * copy holds up to its last commit) and is closed again; the next start of the app migrates it if it is older.
 */
export async function loadEmbedded(file: string, pgdata: string): Promise<void> {
  const blob = await openAsBlob(file);
  const client = new PGlite(pgdata, {
    ...PGLITE_OPTIONS,
    loadDataDir: new File([blob], 'pgdata.tar.gz', { type: 'application/x-gzip' }),
  });
  try {
    await client.waitReady;
    await client.query('select 1');
  } finally {
    await client.close();
  }
}
