import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Caller } from '../../context';
import { media, programMedia } from '../../db/schema/media';
import { programs } from '../../db/schema/programs';
import { users } from '../../db/schema/users';
import { clinicOwnedVisibleSql, libraryVisibleSql } from '../library/library.sql';
import type { StoredUpload } from './media-upload';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

/**
 * What serving a signed URL needs, in one query: the file, the client whose program or conversation it belongs to
 * (for the audit log), and the viewer the URL was signed for if that account still exists.
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
      // A message's photo or video belongs to no program: its conversation's client is the subject.
      clientId: sql<number | null>`coalesce(${programs.clientId},
        (select mg.client_id from messages mg where mg.media_id = ${media.id} limit 1))`,
      viewerId: viewer,
    })
    .from(media)
    .leftJoin(programs, eq(programs.id, media.programId))
    .where(eq(media.id, id));
  return row ?? null;
}

/**
 * docs/product/library-and-templates.md#media-by-reference: which of `ids` the caller may reuse by reference: media
 * of a library item or template the caller sees, or held by a program whose client is in the caller's write scope
 * (programs.policy canWriteProgram).
 */
export async function findUsableMediaIds(db: Db, caller: Caller, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const idList = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const careTeam = caller.isStaff
    ? sql`true`
    : caller.isTherapist
      ? sql`exists (select 1 from client_profiles cp join users cu on cu.id = cp.user_id
          where cp.user_id = p.client_id and not cu.is_staff and not cu.is_therapist and not cu.is_carer
            and (cp.created_by_id = ${caller.id} or cp.clinic_id = ${caller.clinicId}))`
      : sql`false`;
  const rows = await db.execute(sql`
    select m.id from media m where m.id = any(${idList}) and (
      exists (select 1 from library_exercises l where (l.image_media_id = m.id or l.video_media_id = m.id)
        and ${libraryVisibleSql('l', caller)})
      or exists (select 1 from template_exercises te join program_templates t on t.id = te.template_id
        where (te.image_media_id = m.id or te.video_media_id = m.id) and ${clinicOwnedVisibleSql('t', caller)})
      or exists (select 1 from program_media pm join programs p on p.id = pm.program_id
        where pm.media_id = m.id and ${careTeam}))`);
  return new Set(rowsOf<{ id: number }>(rows).map((r) => Number(r.id)));
}

/** The program holds these media while it exists (its versions may show them after an edit replaced them). */
export async function holdProgramMedia(db: Db, programId: number, mediaIds: number[]): Promise<void> {
  if (mediaIds.length === 0) return;
  await db
    .insert(programMedia)
    .values([...new Set(mediaIds)].map((mediaId) => ({ programId, mediaId })))
    .onConflictDoNothing();
}

/** Every media id a program holds or its feedback carries: what may become unreferenced when it is deleted. */
export async function findMediaIdsOfProgram(db: Db, programId: number): Promise<number[]> {
  const rows = await db.execute(sql`
    select media_id as id from program_media where program_id = ${programId}
    union select media_id from feedback where program_id = ${programId} and media_id is not null
    union select id from media where program_id = ${programId}`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

/**
 * Deletes the rows among `ids` that nothing references any more
 * (docs/product/library-and-templates.md#media-by-reference) and returns their storage keys, for the caller to remove
 * the files once its transaction has committed.
 */
export async function deleteUnreferencedMedia(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const idList = sql`array[${sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const rows = await db.execute(sql`
    delete from media m where m.id = any(${idList})
      and not exists (select 1 from program_media pm where pm.media_id = m.id)
      and not exists (select 1 from exercises e where e.image_id = m.id)
      and not exists (select 1 from exercises e where e.video_id = m.id)
      and not exists (select 1 from library_exercises l where l.image_media_id = m.id)
      and not exists (select 1 from library_exercises l where l.video_media_id = m.id)
      and not exists (select 1 from template_exercises te where te.image_media_id = m.id)
      and not exists (select 1 from template_exercises te where te.video_media_id = m.id)
      and not exists (select 1 from feedback f where f.media_id = m.id)
      and not exists (select 1 from messages mm where mm.media_id = m.id)
    returning m.storage_key`);
  return rowsOf<{ storage_key: string }>(rows).map((r) => r.storage_key);
}
