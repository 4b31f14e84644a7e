import type { TAttentionCode, TAttentionList, TReviewAttention } from '@hep/shared/schemas/attention';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { loadClientInScope } from '../clients/clients.access';
import type { AttentionCache } from './attention-cache';
import {
  auditKeptAttentionList,
  deleteReviews,
  findAttentionList,
  knownZones,
  upsertReviews,
} from './attention.repository';
import { attentionScopeOf } from './attention.policy';

/** What the reviewed call answers; the page shows it briefly. */
export const REVIEWED_MESSAGE = /*i18n*/ 'Marked as reviewed.';

/**
 * GET /attention/: the caller's clients with a reason, worst first, in one statement (audited as one read), or from
 * this node's cache of the care team's list (attention-cache.ts) with the read's audit row written alone.
 */
export async function listAttention(
  ctx: AppContext,
  cache: AttentionCache,
  caller: Caller,
  meta: RequestMeta,
): Promise<TAttentionList> {
  const scope = attentionScopeOf(caller);
  const { rows, kept } = await cache.find(scope, async () =>
    findAttentionList(ctx.db, scope.kind, {
      now: ctx.now(),
      zones: await knownZones(ctx.db),
      clinicId: scope.clinicId,
      therapistId: scope.therapistId,
      callerId: caller.id,
      correlationId: meta.correlationId,
    }),
  );
  if (kept)
    await auditKeptAttentionList(ctx.db, {
      caller_id: caller.id,
      correlation_id: meta.correlationId,
      client_ids: rows.map((row) => row.client_id),
    });
  return rows;
}

/**
 * POST /attention/{client_id}/reviewed/: the client must be one the caller acts for (staff or the care team), else
 * 404 as for any client record. Each code is marked reviewed now, which hides it until a newer event.
 */
export async function reviewAttention(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  input: TReviewAttention,
  meta: RequestMeta,
): Promise<{ message: string }> {
  await loadClientInScope(ctx, caller, clientId, 'write');
  await upsertReviews(ctx.db, {
    clientId,
    codes: [...new Set(input.codes)],
    reviewedById: caller.id,
    now: ctx.now(),
    correlationId: meta.correlationId,
  });
  return { message: REVIEWED_MESSAGE };
}

/**
 * DELETE /attention/{client_id}/reviewed/ (the Undo of Mark reviewed): in the same scope as the review, the reasons
 * `codes` are no longer marked reviewed, so they show again. Nothing to undo is no error: the answer is the same.
 */
export async function unreviewAttention(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  codes: TAttentionCode[],
  meta: RequestMeta,
): Promise<void> {
  await loadClientInScope(ctx, caller, clientId, 'write');
  await deleteReviews(ctx.db, {
    clientId,
    codes: [...new Set(codes)],
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
}
