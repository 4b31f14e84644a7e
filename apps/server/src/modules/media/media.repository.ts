import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, programs } from '../../db/schema/programs';
import { users } from '../../db/schema/users';
import type { StoredUpload } from './media-upload';

/** Records a stored upload as belonging to a program (exercise or feedback media). Use inside the caller's transaction. */
export async function insertMedia(
  db: Db,
  upload: StoredUpload & { programId: number | null; ownerId: number | null },
): Promise<number> {
  const [row] = await db
    .insert(media)
    .values({
      programId: upload.programId,
      ownerId: upload.ownerId,
      kind: upload.kind,
      mime: upload.mime,
      size: upload.size,
      sha256: upload.sha256,
      storageKey: upload.storageKey,
    })
    .returning({ id: media.id });
  return row!.id;
}

/** Storage keys of every file of a program, read before the program is deleted (rows go by cascade). */
export async function findStorageKeysOfProgram(db: Db, programId: number): Promise<string[]> {
  const rows = await db.select({ key: media.storageKey }).from(media).where(eq(media.programId, programId));
  return rows.map((r) => r.key);
}

/**
 * What serving a signed URL needs, in one query: the file, the client whose program it belongs to (for the audit
 * log), and the viewer the URL was signed for if that account still exists.
 */
export async function findMediaForServing(db: Db, id: number, viewerId: number | null) {
  const viewer =
    viewerId === null
      ? sql<number | null>`null::integer`
      : sql<number | null>`(select ${users.id} from ${users} where ${users.id} = ${viewerId})`;
  const [row] = await db
    .select({
      id: media.id,
      kind: media.kind,
      mime: media.mime,
      sha256: media.sha256,
      storageKey: media.storageKey,
      clientId: programs.clientId,
      viewerId: viewer,
    })
    .from(media)
    .leftJoin(programs, eq(programs.id, media.programId))
    .where(eq(media.id, id));
  return row ?? null;
}
