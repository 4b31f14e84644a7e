import type { TSaveTemplateValues, TTemplate } from '@hep/shared/schemas/templates';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { dosageValues } from '../../lib/dosage';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { assertUsableMedia, discardStoredFiles, removeUnreferencedMedia } from '../media/media.service';
import { mediaIdsOf, toTemplate } from './template-response';
import {
  deleteTemplateRow,
  findVisibleTemplate,
  findVisibleTemplates,
  insertTemplate,
  lockVisibleTemplate,
  replaceTemplateExercises,
  type TemplateExerciseValues,
  type TemplateValues,
  updateTemplateRow,
} from './templates.repository';

// A clinic's program templates (docs/product/library-and-templates.md#templates), scoped like its library
// (library.sql clinicOwnedVisibleSql). Media only by reference: a template never stores a file of its own, and a file
// goes when nothing references it.

type AuditAction = 'read' | 'create' | 'update' | 'delete';

/** The request's one audit row naming the templates (a template is about no client unless `subjectUserId`). */
const auditTemplates = (
  db: Db,
  caller: Caller,
  action: AuditAction,
  ids: number[],
  meta: RequestMeta,
  extra: { subjectUserId?: number; details?: Record<string, unknown> } = {},
) =>
  writeAudit(
    db,
    auditEntries(
      caller,
      action,
      { entity: 'template', ids, subjectUserId: extra.subjectUserId },
      meta,
      extra.details,
    ),
  );

const exerciseValuesOf = (exercises: TSaveTemplateValues['exercises']): TemplateExerciseValues[] =>
  exercises.map((e) => ({
    name: e.name,
    instructions: e.instructions,
    imageMediaId: e.image_media_id ?? null,
    videoMediaId: e.video_media_id ?? null,
    ...dosageValues(e),
  }));

const templateValuesOf = (input: TSaveTemplateValues): TemplateValues => ({
  name: input.name,
  daysOfWeek: input.days_of_week,
  weeks: input.weeks,
});

async function readTemplate(db: Db, ctx: AppContext, caller: Caller, id: number): Promise<TTemplate> {
  const row = await findVisibleTemplate(db, caller, id);
  if (!row) throw notFound();
  return toTemplate(ctx, row, caller.id);
}

/**
 * Inside the caller's transaction: a new template of the caller's clinic (or theirs alone without a clinic) with
 * `exercises` in order, and its audit row. Media ids are not checked here: the caller checked them.
 */
export async function insertTemplateWithExercises(
  tx: Db,
  ctx: AppContext,
  caller: Caller,
  values: TemplateValues,
  exercises: TemplateExerciseValues[],
  audit: { meta: RequestMeta; subjectUserId?: number; details?: Record<string, unknown> },
): Promise<TTemplate> {
  const now = ctx.now();
  const id = await insertTemplate(tx, { ...values, clinicId: caller.clinicId, createdById: caller.id, now });
  await replaceTemplateExercises(tx, id, exercises);
  const template = await readTemplate(tx, ctx, caller, id);
  // Last, as the audit row holds the audit chain's head locked until the commit.
  await auditTemplates(tx, caller, 'create', [id], audit.meta, audit);
  return template;
}

/** GET /templates/: every template the caller sees, by name, exercises included (one query). */
export async function listTemplates(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
): Promise<TTemplate[]> {
  const rows = await findVisibleTemplates(ctx.db, caller);
  await auditTemplates(
    ctx.db,
    caller,
    'read',
    rows.map((r) => r.id),
    meta,
  );
  return rows.map((row) => toTemplate(ctx, row, caller.id));
}

export async function getTemplate(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const template = await readTemplate(ctx.db, ctx, caller, id);
  await auditTemplates(ctx.db, caller, 'read', [id], meta);
  return template;
}

/** POST /templates/: media ids must be ones the caller may reuse (else 404, nothing created). */
export async function createTemplate(
  ctx: AppContext,
  caller: Caller,
  input: TSaveTemplateValues,
  meta: RequestMeta,
): Promise<TTemplate> {
  const exercises = exerciseValuesOf(input.exercises);
  return inTransaction(ctx.db, async (tx) => {
    await assertUsableMedia(
      tx,
      caller,
      exercises.flatMap((e) => [e.imageMediaId, e.videoMediaId]),
    );
    return insertTemplateWithExercises(tx, ctx, caller, templateValuesOf(input), exercises, { meta });
  });
}

/**
 * PUT /templates/{id}/: the name, days, weeks and the whole exercise list, in one transaction; media the template no
 * longer uses go when nothing else references them, their files after the commit.
 */
export async function updateTemplate(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: TSaveTemplateValues,
  meta: RequestMeta,
): Promise<TTemplate> {
  const exercises = exerciseValuesOf(input.exercises);
  const { template, storageKeys } = await inTransaction(ctx.db, async (tx) => {
    if (!(await lockVisibleTemplate(tx, caller, id))) throw notFound();
    const before = (await findVisibleTemplate(tx, caller, id))!;
    await assertUsableMedia(
      tx,
      caller,
      exercises.flatMap((e) => [e.imageMediaId, e.videoMediaId]),
    );
    await updateTemplateRow(tx, id, { ...templateValuesOf(input), now: ctx.now() });
    await replaceTemplateExercises(tx, id, exercises);
    const storageKeys = await removeUnreferencedMedia(tx, mediaIdsOf(before));
    const template = await readTemplate(tx, ctx, caller, id);
    await auditTemplates(tx, caller, 'update', [id], meta);
    return { template, storageKeys };
  });
  await discardStoredFiles(ctx, storageKeys);
  return template;
}

/** DELETE /templates/{id}/: its exercises go with it, and its media that nothing else uses. */
export async function deleteTemplate(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const storageKeys = await inTransaction(ctx.db, async (tx) => {
    if (!(await lockVisibleTemplate(tx, caller, id))) throw notFound();
    const before = (await findVisibleTemplate(tx, caller, id))!;
    await deleteTemplateRow(tx, id);
    const storageKeys = await removeUnreferencedMedia(tx, mediaIdsOf(before));
    await auditTemplates(tx, caller, 'delete', [id], meta);
    return storageKeys;
  });
  await discardStoredFiles(ctx, storageKeys);
}
