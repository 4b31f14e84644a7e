import { RETENTION_TEXTS } from '@hep/shared/texts/retention';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/client';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict, notFound, outOfScope } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../idempotency/idempotency.service';
import { discardStoredFiles, removeUnreferencedMedia } from '../media/media.service';
import {
  type ClientRecordCounts,
  claimRetentionDay,
  deleteClientAccounts,
  findEraseCandidate,
  findExpiredClients,
  findMediaIdsOfClients,
  lockRetention,
  type PruneCounts,
  prune,
  recordRetentionRun,
} from './retention.repository';

// docs/product/retention.md: clients deactivated longer than their clinic keeps records are erased, staff may erase a
// deactivated client at once, and the same daily job prunes what has expired.

export type { ClientRecordCounts, PruneCounts };

/** Sent mail is kept this long (docs/product/retention.md#pruning). */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Erases the clients in the caller's transaction: their account and everything of theirs (by cascade), then the
 * media rows nothing references any more. Returns the ids erased and the storage keys whose files go once the
 * transaction has committed.
 */
async function eraseInTransaction(tx: Db, clientIds: readonly number[]) {
  const mediaIds = await findMediaIdsOfClients(tx, clientIds);
  const erased = await deleteClientAccounts(tx, clientIds);
  const storageKeys = await removeUnreferencedMedia(tx, mediaIds);
  return { erased, storageKeys };
}

/**
 * POST /users/{id}/erase/ (staff): erases a deactivated client at once. 404 for anyone who is not a client, or a
 * client of another clinic when the staff member has a clinic; 409 while the client is active. Audited with ids only.
 */
export async function eraseClient(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  const candidate = await findEraseCandidate(ctx.db, id);
  if (!candidate?.isClient) throw notFound();
  // Another clinic's client: the same 404, audited as a denied attempt.
  if (caller.clinicId !== null && candidate.clinicId !== caller.clinicId)
    throw outOfScope({ entity: 'client', id, subjectUserId: id });
  if (candidate.isActive) throw conflict(RETENTION_TEXTS.eraseActiveClient);
  const { storageKeys } = await inTransaction(ctx.db, async (tx) => {
    const result = await eraseInTransaction(tx, [id]);
    // Erased meanwhile by another request or the job: nothing was done here.
    if (result.erased.length === 0) throw notFound();
    // Last in the transaction: the audit chain's head stays locked until commit (docs/decisions/012-audit-chain.md).
    await writeAudit(
      tx,
      auditEntries(caller, 'erase', { entity: 'client', ids: result.erased, subjectUserId: id }, meta, {
        reason: 'staff',
        files: result.storageKeys.length,
      }),
    );
    return result;
  });
  await discardStoredFiles(ctx, storageKeys);
}

export interface RetentionReport {
  /** The UTC day the run is for. */
  day: string;
  /** false when another run had already taken the day (the daily job) or for a dry run. */
  ran: boolean;
  dryRun: boolean;
  /** The clients erased (or that would be), with what their records held. */
  clients: ClientRecordCounts[];
  /** Media files removed (0 in a dry run). */
  files: number;
  pruned: PruneCounts;
}

const emptyPrune: PruneCounts = {
  sent_mail: 0,
  idempotency_keys: 0,
  passkey_challenges: 0,
  refresh_tokens: 0,
};

export interface RetentionOptions {
  /** Lists what would go and changes nothing. */
  dryRun?: boolean;
  /** The daily job: runs only if no run has taken today (UTC) yet, across every process. */
  oncePerDay?: boolean;
  now?: Date;
}

/**
 * One retention run (the daily job, or `npm run cli -- retention run`): erases the clients deactivated longer than
 * their clinic's retention_years and their unreferenced media, and prunes sent mail older than 30 days, expired
 * idempotency keys, expired passkey challenges and expired or revoked refresh tokens. Everything happens in one
 * transaction under an advisory lock, so two runs never interleave; with `oncePerDay`, the day's row in
 * retention_runs is inserted in that transaction, so of several processes exactly one does the day's work (a failed
 * run rolls its row back and the next tick tries again). Files are removed after the commit.
 */
export async function runRetention(
  ctx: AppContext,
  options: RetentionOptions = {},
): Promise<RetentionReport> {
  const now = options.now ?? ctx.now();
  const day = now.toISOString().slice(0, 10);
  const cutoffs = {
    now,
    mail: new Date(now.getTime() - SENT_MAIL_KEPT_MS),
    idempotency: new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS),
  };
  if (options.dryRun) {
    const clients = await findExpiredClients(ctx.db, now);
    const pruned = await prune(ctx.db, cutoffs, true);
    return { day, ran: false, dryRun: true, clients, files: 0, pruned };
  }
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await lockRetention(tx);
    if (options.oncePerDay && !(await claimRetentionDay(tx, day, now))) return null;
    const clients = await findExpiredClients(tx, now);
    const { erased, storageKeys } = await eraseInTransaction(
      tx,
      clients.map((c) => c.id),
    );
    const pruned = await prune(tx, cutoffs, false);
    const summary = { erased: erased.length, files: storageKeys.length, pruned };
    if (options.oncePerDay) await recordRetentionRun(tx, day, now, summary);
    if (erased.length > 0)
      await writeAudit(
        tx,
        auditEntries(
          null,
          'erase',
          { entity: 'client', ids: erased, subjectUserId: (i) => erased[i]! },
          null,
          { reason: 'retention', files: storageKeys.length },
        ),
      );
    return { clients: clients.filter((c) => erased.includes(c.id)), storageKeys, pruned };
  });
  if (!outcome) return { day, ran: false, dryRun: false, clients: [], files: 0, pruned: emptyPrune };
  await discardStoredFiles(ctx, outcome.storageKeys);
  return {
    day,
    ran: true,
    dryRun: false,
    clients: outcome.clients,
    files: outcome.storageKeys.length,
    pruned: outcome.pruned,
  };
}

/** The CLI's lines: ids and counts, never a name (docs/product/retention.md#the-cli). */
export function retentionReportLines(report: RetentionReport): string[] {
  const verb = report.dryRun ? 'would be erased' : 'erased';
  const lines = [
    `${report.dryRun ? 'Dry run: ' : ''}${report.clients.length} client(s) ${verb}.`,
    ...report.clients.map(
      (c) =>
        `client ${c.id} (clinic ${c.clinic_id ?? 'none'}): ${c.programs} programs, ${c.feedback} feedback, ` +
        `${c.messages} messages, ${c.measure_results} measure results, ${c.carer_links} carer links`,
    ),
  ];
  if (!report.dryRun) lines.push(`${report.files} media file(s) removed.`);
  const p = report.pruned;
  lines.push(
    `${report.dryRun ? 'Would prune' : 'Pruned'}: ${p.sent_mail} sent mails, ${p.idempotency_keys} idempotency keys, ` +
      `${p.passkey_challenges} passkey challenges, ${p.refresh_tokens} refresh tokens.`,
  );
  return lines;
}
