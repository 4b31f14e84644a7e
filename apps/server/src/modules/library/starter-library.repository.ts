import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StarterLibrary } from './starter-library';
import type { StarterPicture } from './starter-pictures';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Brings the starter library in the database up to `library` in one statement
 * (docs/product/library-and-templates.md#starter-library), run at every start right after the migrations: inserts the
 * keys it lacks, rewrites the items an older file version wrote, and leaves the others alone (the NOT EXISTS keeps an
 * up-to-date start from writing or taking ids). Two processes starting at once are safe: the unique starter_key makes
 * the second one update or skip, never duplicate. Returns the keys it wrote. Items dropped from the file stay: a
 * program may have been built from them.
 *
 * Each picture (starter-pictures.ts) is a media row named by its shipped file's key, added or brought up to the
 * file's bytes in the same statement; an item's picture is set when the item is written. Media rows are never
 * removed here: programs copied from an item keep referring to its picture.
 */
export async function writeStarterLibrary(
  db: Db,
  library: StarterLibrary,
  pictures: StarterPicture[],
): Promise<string[]> {
  const items = JSON.stringify(library.items);
  const result = await db.execute(sql`
    with picture as (
      select * from jsonb_to_recordset(${JSON.stringify(pictures)}::jsonb)
        as p(key text, storage_key text, size bigint, sha256 text)
    ), stored as (
      insert into media as m (kind, mime, size, sha256, storage_key)
      select 'image', 'image/svg+xml', p.size, p.sha256, p.storage_key from picture p
      on conflict (storage_key) do update set size = excluded.size, sha256 = excluded.sha256
      where m.sha256 <> excluded.sha256
      returning m.id, m.storage_key
    ), picture_id as (
      select p.key, coalesce(s.id, m.id) as media_id from picture p
      left join stored s on s.storage_key = p.storage_key
      left join media m on m.storage_key = p.storage_key
    )
    insert into library_exercises as l (starter_key, starter_version, name, instructions, tags, translations,
      sets, reps, hold_seconds, rest_seconds, times_per_day, side, image_media_id)
    select s.key, ${library.version}::integer, s.name, s.instructions,
      array(select jsonb_array_elements_text(s.tags)), s.translations, s.sets, s.reps, s.hold_seconds,
      s.rest_seconds, s.times_per_day, s.side, pi.media_id
    from jsonb_to_recordset(${items}::jsonb) as s(key text, name text, instructions text, tags jsonb,
      translations jsonb, sets smallint, reps smallint, hold_seconds smallint, rest_seconds smallint,
      times_per_day smallint, side text)
    left join picture_id pi on pi.key = s.key
    where not exists (select 1 from library_exercises e
      where e.starter_key = s.key and e.starter_version >= ${library.version}::integer)
    on conflict (starter_key) do update set
      starter_version = excluded.starter_version, name = excluded.name, instructions = excluded.instructions,
      tags = excluded.tags, translations = excluded.translations, sets = excluded.sets, reps = excluded.reps,
      hold_seconds = excluded.hold_seconds, rest_seconds = excluded.rest_seconds,
      times_per_day = excluded.times_per_day, side = excluded.side, image_media_id = excluded.image_media_id,
      updated_at = now()
    where l.starter_version < excluded.starter_version
    returning l.starter_key`);
  return rowsOf<{ starter_key: string }>(result).map((r) => r.starter_key);
}
