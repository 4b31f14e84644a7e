import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client';
import { checkedStorageKey } from '../media/media.service';

/**
 * What a backup folder holds (docs/product/backups.md#what-a-backup-holds): `manifest.json`, written last, so a folder
 * without one is not a complete backup; the database copy; `media/<key>` for every file the copy references; the
 * generated secret key of an embedded install; and `SHA256SUMS`, the same sums in the format `sha256sum -c` reads.
 */
export const MANIFEST_FILE = 'manifest.json';
export const SUMS_FILE = 'SHA256SUMS';
export const MEDIA_FOLDER = 'media';
export const SECRET_KEY_FILE = 'secret.key';
export const DATABASE_FILE = { embedded: 'database.tar.gz', postgres: 'database.pgdump' } as const;

export type BackupKind = keyof typeof DATABASE_FILE;

const ZSha256 = z.string().regex(/^[a-f0-9]{64}$/);
const ZFile = z.object({ file: z.string(), size: z.number().int().nonnegative(), sha256: ZSha256 });
const ZStorageKey = z.string().refine((key) => {
  try {
    checkedStorageKey(key);
    return true;
  } catch {
    return false;
  }
}, 'not a storage key');

export const ZMediaEntry = z.object({
  key: ZStorageKey,
  size: z.number().int().nonnegative(),
  sha256: ZSha256,
});
export type MediaEntry = z.infer<typeof ZMediaEntry>;

export const ZManifest = z.object({
  format: z.literal(1),
  app: z.literal('hep'),
  created_at: z.string(),
  kind: z.enum(['embedded', 'postgres']),
  /** The database server's major version (PGlite's own for an embedded copy). */
  postgres_major: z.number().int(),
  /** The newest migration the copied database had applied (its tag in the migrations journal). */
  last_migration: z.string().nullable(),
  database: ZFile,
  secret_key: ZFile.nullable(),
  media: z.array(ZMediaEntry),
  /** What the copy noticed about the source: a file missing from the store, or not matching its upload's sum. */
  warnings: z.array(z.string()),
});
export type Manifest = z.infer<typeof ZManifest>;

/** A backup that cannot be used here, or a target that may not be written: one line for the person at the CLI. */
export class BackupRefusal extends Error {}

/** The manifest of `dir`; a missing, unreadable or foreign one is refused in one line. */
export function readManifest(dir: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupRefusal(
      `${dir} holds no ${MANIFEST_FILE}: it is not a complete backup (or the backup was interrupted).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusal(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success)
    throw new BackupRefusal(
      `${path.join(dir, MANIFEST_FILE)} is not a backup manifest this release reads ` +
        `(${parsed.error.issues[0]!.path.join('.') || 'format'}: ${parsed.error.issues[0]!.message}).`,
    );
  return parsed.data;
}

/** The manifest as `readManifest`, or null where there is none (the daily job's previous backup). */
export function findManifest(dir: string): Manifest | null {
  try {
    return readManifest(dir);
  } catch {
    return null;
  }
}

export const mediaFile = (key: string) => path.join(MEDIA_FOLDER, key);

/** `sha256sum -c SHA256SUMS` in the backup folder checks every file without this app. */
export function sumsFileText(manifest: Manifest): string {
  const lines = [manifest.database, ...(manifest.secret_key ? [manifest.secret_key] : [])].map(
    (f) => `${f.sha256}  ${f.file}`,
  );
  for (const entry of manifest.media) lines.push(`${entry.sha256}  ${MEDIA_FOLDER}/${entry.key}`);
  return `${lines.join('\n')}\n`;
}

interface JournalEntry {
  when: number;
  tag: string;
}

let journal: JournalEntry[] | undefined;

/** The migrations this release ships, oldest first (drizzle's journal). */
export function releaseMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/**
 * The tag of the migration a database applied last, from the `created_at` drizzle records for it (the journal's
 * `when`); `unknown-<when>` for one this release does not ship (a newer release's).
 */
export function migrationTag(createdAt: string | null): string | null {
  if (createdAt === null) return null;
  const entry = releaseMigrations().find((e) => String(e.when) === createdAt);
  return entry ? entry.tag : `unknown-${createdAt}`;
}
