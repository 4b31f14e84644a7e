import {
  LIBRARY_MESSAGES,
  LIBRARY_PAGE_SIZE,
  type TLibraryExercise,
  type TLibraryPage,
  type TLibraryQuery,
  type TLibraryTag,
} from '@hep/shared/schemas/library';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { dosageFields, dosageValues } from '../../lib/dosage';
import { invalid } from '../../lib/field-errors';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { type AuditEntry, auditEntries, writeAudit } from '../audit/audit.service';
import {
  assertUsableMedia,
  discardStoredFiles,
  recordMedia,
  removeUnreferencedMedia,
  withStoredUploads,
} from '../media/media.service';
import { loadExerciseInScope } from '../programs/exercises.service';
import type { LibraryExerciseChangeInput, MediaChoice, NewLibraryExerciseInput } from './library-input';
import { toLibraryExercise } from './library-response';
import { prefixTsquery } from './library-search';
import {
  deleteLibraryExercise as deleteRow,
  findLibraryPage,
  findLibraryTags,
  findVisibleLibraryExercise,
  insertLibraryExercise,
  type LibraryRow,
  updateLibraryExercise as updateRow,
} from './library.repository';

// The exercise library (docs/product/library-and-templates.md#exercise-library). The starter items are everyone's and
// read-only; a clinic's own items are seen and changed by its therapists (and staff); another clinic's answer 404.
// Media by reference (docs/product/library-and-templates.md#media-by-reference).

const audit = (
  ctx: AppContext,
  caller: Caller,
  action: AuditEntry['action'],
  ids: number[],
  meta: RequestMeta,
  details?: Record<string, unknown>,
  subjectUserId?: number,
) =>
  writeAudit(
    ctx.db,
    auditEntries(caller, action, { entity: 'library_exercise', ids, subjectUserId }, meta, details),
  );

/** The item when the caller sees it, else 404; a change to a starter item is 403 (everyone sees those). */
async function loadInScope(db: Db, caller: Caller, id: number, mode: 'view' | 'write'): Promise<LibraryRow> {
  const row = await findVisibleLibraryExercise(db, caller, id, mode === 'write');
  if (!row) throw notFound();
  if (mode === 'write' && row.starterKey !== null) {
    throw new AppError(403, 'forbidden', LIBRARY_MESSAGES.starterReadOnly);
  }
  return row;
}

/** Changes need the item in the caller's write scope (404, or 403 for a starter item): checked before uploads. */
export async function assertMayWriteLibraryExercise(ctx: AppContext, caller: Caller, id: number) {
  await loadInScope(ctx.db, caller, id, 'write');
}

/** Media ids named by a save must be ones the caller may reuse (else 404): checked before uploads too. */
export const assertUsableLibraryMedia = (ctx: AppContext, caller: Caller, ids: (number | undefined)[]) =>
  assertUsableMedia(ctx.db, caller, ids);

/** The media id a save leaves for one kind: a new file (recorded now), else a reused id, else `current`. */
async function mediaIdOf(tx: Db, caller: Caller, choice: MediaChoice, current: number | null) {
  if (choice.upload) return recordMedia(tx, choice.upload, { programId: null, ownerId: caller.id });
  return choice.mediaId ?? (choice.keep ? current : null);
}

const reusedIds = (...choices: MediaChoice[]) => choices.map((c) => (c.upload ? null : c.mediaId));

export async function listLibrary(
  ctx: AppContext,
  caller: Caller,
  query: TLibraryQuery,
  meta: RequestMeta,
): Promise<TLibraryPage> {
  const page = query.page ?? 1;
  const { rows, count } = await findLibraryPage(
    ctx.db,
    caller,
    { tsquery: prefixTsquery(query.q), tags: query.tag ?? [] },
    { offset: (page - 1) * LIBRARY_PAGE_SIZE, limit: LIBRARY_PAGE_SIZE },
  );
  await audit(
    ctx,
    caller,
    'read',
    rows.map((r) => r.id),
    meta,
    { view: 'list', page, searched: Boolean(query.q), tags: query.tag?.length ?? 0 },
  );
  return {
    results: rows.map((row) => toLibraryExercise(ctx, row, caller.id)),
    count,
    next: page * LIBRARY_PAGE_SIZE < count ? page + 1 : null,
  };
}

export async function getLibraryExercise(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<TLibraryExercise> {
  const row = await loadInScope(ctx.db, caller, id, 'view');
  await audit(ctx, caller, 'read', [id], meta);
  return toLibraryExercise(ctx, row, caller.id);
}

/** POST /library/exercises/: a new item of the caller's clinic (no clinic: the caller's own). */
export async function createLibraryExercise(
  ctx: AppContext,
  caller: Caller,
  input: NewLibraryExerciseInput,
  meta: RequestMeta,
): Promise<TLibraryExercise> {
  const row = await withStoredUploads(ctx, input.uploads, () =>
    inTransaction(ctx.db, async (tx) => {
      await assertUsableMedia(tx, caller, reusedIds(input.image, input.video));
      return insertLibraryExercise(tx, {
        name: input.name,
        instructions: input.instructions,
        tags: input.tags,
        translations: input.translations,
        ...input.dosage,
        imageMediaId: await mediaIdOf(tx, caller, input.image, null),
        videoMediaId: await mediaIdOf(tx, caller, input.video, null),
        clinicId: caller.clinicId,
        createdById: caller.id,
        now: ctx.now(),
      });
    }),
  );
  await audit(ctx, caller, 'create', [row.id], meta);
  return toLibraryExercise(ctx, row, caller.id);
}

/** PUT /library/exercises/{id}/: a replaced file goes once nothing else (a program, a template) uses it. */
export async function updateLibraryExercise(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: LibraryExerciseChangeInput,
  meta: RequestMeta,
): Promise<TLibraryExercise> {
  const { row, storageKeys } = await withStoredUploads(ctx, input.uploads, () =>
    inTransaction(ctx.db, async (tx) => {
      const current = await loadInScope(tx, caller, id, 'write');
      await assertUsableMedia(tx, caller, reusedIds(input.image, input.video));
      const row = await updateRow(tx, id, {
        name: input.name,
        instructions: input.instructions ?? current.instructions,
        tags: input.tags ?? current.tags,
        translations: input.translations ?? current.translations,
        ...dosageValues({ ...dosageFields(current), ...input.dosageSent }),
        imageMediaId: await mediaIdOf(tx, caller, input.image, current.imageMediaId),
        videoMediaId: await mediaIdOf(tx, caller, input.video, current.videoMediaId),
        now: ctx.now(),
      });
      if (!row) throw notFound();
      const stillUsed = [row.imageMediaId, row.videoMediaId];
      const replaced = [current.imageMediaId, current.videoMediaId].filter((m) => !stillUsed.includes(m));
      return { row, storageKeys: await removeUnreferencedMedia(tx, replaced) };
    }),
  );
  await discardStoredFiles(ctx, storageKeys);
  await audit(ctx, caller, 'update', [id], meta);
  return toLibraryExercise(ctx, row, caller.id);
}

/** DELETE /library/exercises/{id}/: its files go too, unless a program or template still uses them. */
export async function deleteLibraryExercise(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const storageKeys = await inTransaction(ctx.db, async (tx) => {
    await loadInScope(tx, caller, id, 'write');
    const gone = await deleteRow(tx, id);
    if (!gone) throw notFound();
    return removeUnreferencedMedia(tx, [gone.imageMediaId, gone.videoMediaId]);
  });
  await discardStoredFiles(ctx, storageKeys);
  await audit(ctx, caller, 'delete', [id], meta);
}

/**
 * POST /library/exercises/from-exercise/: a program's exercise (in the caller's write scope, else 404) saved to
 * the caller's library by reference: same text, dose and media ids, no tags, no bytes copied.
 */
export async function saveExerciseToLibrary(
  ctx: AppContext,
  caller: Caller,
  exerciseId: number,
  meta: RequestMeta,
): Promise<TLibraryExercise> {
  const { exercise, program } = await loadExerciseInScope(ctx, caller, exerciseId, 'write');
  // A draft's exercise may have no name yet; a library item needs one.
  if (!exercise.name.trim()) throw invalid({ exercise_id: PROGRAM_TEXTS.exerciseNameRequired });
  const row = await insertLibraryExercise(ctx.db, {
    name: exercise.name.trim(),
    instructions: exercise.instructions,
    tags: [],
    translations: {},
    ...dosageValues(dosageFields(exercise)),
    imageMediaId: exercise.imageId,
    videoMediaId: exercise.videoId,
    clinicId: caller.clinicId,
    createdById: caller.id,
    now: ctx.now(),
  });
  await audit(
    ctx,
    caller,
    'create',
    [row.id],
    meta,
    { exercise_id: exerciseId, program_id: program.program.id },
    program.program.clientId,
  );
  return toLibraryExercise(ctx, row, caller.id);
}

/** GET /library/tags/: the tags on what the caller sees, most used first. */
export async function listLibraryTags(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
): Promise<TLibraryTag[]> {
  const tags = await findLibraryTags(ctx.db, caller);
  await writeAudit(ctx.db, auditEntries(caller, 'read', { entity: 'library_tag', ids: [] }, meta));
  return tags;
}
