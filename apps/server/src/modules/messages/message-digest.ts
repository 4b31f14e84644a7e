import pino from 'pino';
import type { AppContext } from '../../context';
import { startPeriodicTick, type TickLog } from '../../lib/periodic-tick';
import { inTransaction } from '../../lib/transaction';
import { newMessageMail } from '../mail/mail.service';
import { conversationPath } from './message-notice';
import { claimDigests } from './message-digests.repository';

// The email digest of messages (docs/product/messages.md#notifications): a member who receives email and leaves a
// message unread for an hour is mailed "You have a new message.", at most once per conversation in 6 hours.

/** Small batches: each is one transaction holding its claims and their mails. */
const CLAIM_BATCH = 50;
/** Bounds one tick, so that a huge backlog cannot keep a process busy past the next tick forever. */
const MAX_BATCHES_PER_TICK = 20;

const silent: TickLog = pino({ level: 'silent' });

/**
 * One pass: claims the digests due now and queues their mails in the mail outbox, in one transaction per batch (a
 * mail is queued if and only if its claim commits), then wakes the mail worker. Safe to run in any number of
 * processes at once: each digest is claimed by one of them (message-digests.repository.ts). Returns how many mails
 * it queued.
 */
export async function runMessageDigestTick(
  ctx: AppContext,
  now: Date = ctx.now(),
  log: TickLog = silent,
): Promise<number> {
  let queued = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch += 1) {
    const claimed = await inTransaction(ctx.db, async (tx) => {
      const digests = await claimDigests(tx, now, CLAIM_BATCH);
      for (const digest of digests) {
        const link = `${ctx.config.PUBLIC_URL}${conversationPath(digest.client_id, digest)}`;
        await ctx.mailer.send(newMessageMail(digest, link), tx);
      }
      return digests.length;
    });
    if (claimed > 0) ctx.mailer.wake();
    queued += claimed;
    if (claimed < CLAIM_BATCH) break;
  }
  if (queued > 0) log.info({ queued }, 'message digest tick');
  return queued;
}

/** Runs the digest tick every `intervalMs` in this process (run-server.ts; MESSAGE_DIGEST_INTERVAL_MS). */
export const startMessageDigests = (ctx: AppContext, log: TickLog, intervalMs: number) =>
  startPeriodicTick('message digest', log, intervalMs, () => runMessageDigestTick(ctx, ctx.now(), log));
