import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TExerciseTranslations } from '@hep/shared/schemas/exercise-translations';
import type { Caller } from '../../context';
import type { Db } from '../../db/client';
import { libraryExercises } from '../../db/schema/library-exercises';
import type { DosageValues } from '../../lib/dosage';
import { libraryVisibleSql } from './library.sql';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const t = libraryExercises;

/** Every column but the search vector, which never leaves the database. */
const columns = {
  id: t.id,
  starterKey: t.starterKey,
  clinicId: t.clinicId,
  createdById: t.createdById,
  name: t.name,
  instructions: t.instructions,
  tags: t.tags,
  translations: t.translations,
  sets: t.sets,
  reps: t.reps,
  holdSeconds: t.holdSeconds,
  restSeconds: t.restSeconds,
  timesPerDay: t.timesPerDay,
  side: t.side,
  imageMediaId: t.imageMediaId,
  videoMediaId: t.videoMediaId,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};
export type LibraryRow = Omit<typeof libraryExercises.$inferSelect, 'search' | 'starterVersion'>;

/** What the caller sees: library.sql's rule. */
const visibleTo = (caller: Caller): SQL => libraryVisibleSql('library_exercises', caller);

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface LibrarySearch {
  /** A tsquery text (library-search prefixTsquery), or null for no text search. */
  tsquery: string | null;
  /** Tags every item must carry. */
  tags: string[];
}

/**
 * One page of what the caller sees, best match first when searching (then by name), with the number that match in
 * the same round trip (`count(*) over ()`). A page past the end has no row to carry the count: only then is it
 * counted alone.
 */
export async function findLibraryPage(
  db: Db,
  caller: Caller,
  search: LibrarySearch,
  page: { offset: number; limit: number },
) {
  const query = search.tsquery === null ? null : sql`to_tsquery('english', ${search.tsquery})`;
  const where = and(
    visibleTo(caller),
    query ? sql`${t.search} @@ ${query}` : undefined,
    search.tags.length ? sql`${t.tags} @> ${textArray(search.tags)}` : undefined,
  );
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(t)
    .where(where)
    .orderBy(...(query ? [desc(sql`ts_rank(${t.search}, ${query})`)] : []), asc(t.name), asc(t.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0) return { rows: rows as LibraryRow[], count: rows[0]!.total };
  // Nothing found: the words may all be stop words ("the", "both"), which are not indexed; then they are ignored,
  // as they are beside other words. Asked only here, so that a search that finds something costs one statement.
  if (query && (await onlyStopWords(db, query))) {
    return findLibraryPage(db, caller, { ...search, tsquery: null }, page);
  }
  if (page.offset === 0) return { rows: [] as LibraryRow[], count: 0 };
  const [counted] = await db.select({ total: count() }).from(t).where(where);
  return { rows: [] as LibraryRow[], count: counted?.total ?? 0 };
}

async function onlyStopWords(db: Db, query: SQL): Promise<boolean> {
  const result = await db.execute(sql`select numnode(${query}) = 0 as empty`);
  return rowsOf<{ empty: boolean }>(result)[0]?.empty === true;
}

/** The item, when the caller sees it; else null. `lock`: held until the caller's transaction ends (a change). */
export async function findVisibleLibraryExercise(
  db: Db,
  caller: Caller,
  id: number,
  lock = false,
): Promise<LibraryRow | null> {
  const query = db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), visibleTo(caller)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Each tag on what the caller sees, with how many items carry it: most used first, then A to Z. */
export async function findLibraryTags(db: Db, caller: Caller): Promise<{ tag: string; count: number }[]> {
  const result = await db.execute(sql`
    select tag, count(*)::integer as count
    from library_exercises cross join lateral unnest(library_exercises.tags) as tag
    where ${visibleTo(caller)}
    group by tag order by count(*) desc, tag asc`);
  return rowsOf<{ tag: string; count: number }>(result).map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

export interface LibraryValues extends DosageValues {
  name: string;
  instructions: string;
  tags: string[];
  translations: TExerciseTranslations;
  imageMediaId: number | null;
  videoMediaId: number | null;
}

export async function insertLibraryExercise(
  db: Db,
  values: LibraryValues & { clinicId: number | null; createdById: number; now: Date },
): Promise<LibraryRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(t)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning(columns);
  return row as LibraryRow;
}

/** Updates a clinic-owned item (never a starter one); null when it is gone. */
export async function updateLibraryExercise(
  db: Db,
  id: number,
  values: LibraryValues & { now: Date },
): Promise<LibraryRow | null> {
  const { now, ...rest } = values;
  const [row] = await db
    .update(t)
    .set({ ...rest, updatedAt: now })
    .where(and(eq(t.id, id), isNull(t.starterKey)))
    .returning(columns);
  return (row as LibraryRow | undefined) ?? null;
}

/** Deletes a clinic-owned item (never a starter one); its media ids, or null when it was already gone. */
export async function deleteLibraryExercise(db: Db, id: number) {
  const [row] = await db
    .delete(t)
    .where(and(eq(t.id, id), isNull(t.starterKey)))
    .returning({ imageMediaId: t.imageMediaId, videoMediaId: t.videoMediaId });
  return row ?? null;
}
