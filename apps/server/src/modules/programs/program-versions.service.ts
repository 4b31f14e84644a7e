import type { TProgram } from '@hep/shared/schemas/programs';
import type { AppContext, Caller } from '../../context';
import { badRequest, notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { toHistoricalProgram } from './program-response';
import { findVersionInForce, insertProgramVersion, snapshotProgram } from './program-versions.repository';
import { auditPrograms, loadProgramInScope } from './programs.service';

export const ONLY_PUBLISHED = /*i18n*/ 'Only a published program can have versions. Publish it first.';

/** POST /program-versions/create_version/: records the program's current state under a reason. */
export async function createVersion(
  ctx: AppContext,
  caller: Caller,
  input: { program: number; change_reason: string },
  meta: RequestMeta,
) {
  const row = await loadProgramInScope(ctx, caller, input.program, 'write');
  if (row.program.isDraft) throw badRequest(ONLY_PUBLISHED, { program: ONLY_PUBLISHED });
  const snapshot = (await snapshotProgram(ctx.db, input.program))!;
  const version = await insertProgramVersion(ctx.db, {
    programId: input.program,
    changeReason: input.change_reason,
    snapshot,
    authorId: caller.id,
    now: ctx.now(),
  });
  await auditPrograms(ctx, caller, 'update', [{ id: input.program, clientId: row.program.clientId }], meta, {
    version_id: version.id,
  });
  return {
    id: version.id,
    program: version.programId,
    change_reason: version.changeReason,
    created_at: version.createdAt.toISOString(),
  };
}

/**
 * GET /programs/{id}/historical/?datetime=: the program as published at that instant (the latest version created
 * at or before it; before the first one, the first one). A program never published has no history: 404.
 */
export async function getHistoricalProgram(
  ctx: AppContext,
  caller: Caller,
  id: number,
  at: Date,
  meta: RequestMeta,
): Promise<TProgram> {
  const row = await loadProgramInScope(ctx, caller, id, 'view');
  const version = await findVersionInForce(ctx.db, id, at);
  if (!version) throw notFound();
  await auditPrograms(ctx, caller, 'read', [{ id, clientId: row.program.clientId }], meta, {
    version_id: version.id,
  });
  return toHistoricalProgram(ctx, row, version.snapshot, caller.id);
}
