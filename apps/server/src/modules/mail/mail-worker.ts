import type { Logger } from 'pino';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { loggableError } from '../../lib/loggable-error';
import {
  type ClaimedMail,
  claimDueMail,
  failAbandonedMail,
  markMailAttemptFailed,
  markMailSent,
  releaseMail,
} from './mail-outbox.repository';
import type { MailTransport } from './mail-transport';

/**
 * The retry schedule (docs/decisions/010-mail-outbox.md): 1 minute, doubling, at most 4 hours apart, 14 attempts in
 * ~24 hours.
 */
export const MAIL_RETRY = { firstDelayMs: 60_000, maxDelayMs: 4 * 3_600_000, maxAttempts: 14 } as const;
/** A process that claimed a mail and went quiet this long is presumed dead: another may send it. */
const LEASE_MS = 10 * 60_000;
/** Small batches: a process holds only what it is sending, so other processes share a large backlog. */
const CLAIM_BATCH = 10;
/** Bounds one run, so that a huge backlog cannot keep a process busy forever. */
const MAX_BATCHES_PER_RUN = 20;
const POLL_INTERVAL_MS = 5_000;

/** How long to wait after failed attempt number `attempts` (1-based). */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_RETRY.firstDelayMs * 2 ** (attempts - 1), MAIL_RETRY.maxDelayMs);

/** Where the worker reports: pino's logger or Fastify's (which is pino underneath). */
export type MailLog = Pick<Logger, 'info' | 'warn' | 'error'>;

export interface MailRunResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** What a log line may say about a mail: its row, its template, its attempt and a hash of the address, no more. */
const describe = (mail: { id: number; purpose: string; recipient: string; attempts: number }) => ({
  mailId: mail.id,
  purpose: mail.purpose,
  attempt: mail.attempts,
  recipientHash: sha256(mail.recipient.trim().toLowerCase()).slice(0, 12),
});

const ADDRESS = /<?[^\s<>()[\]@,;:"']+@[^\s<>()[\]@,;:"']+>?/g;
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The transport's error as stored and logged: an SMTP reply often quotes the address, which is cut out. */
function failureText(error: unknown, recipient: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${message}`
    .replace(new RegExp(`<?${escapeRegExp(recipient)}>?`, 'gi'), '<recipient>')
    .replace(ADDRESS, '<address>')
    .slice(0, 500);
}

async function deliverOne(
  ctx: AppContext,
  transport: MailTransport,
  mail: ClaimedMail,
  log: MailLog,
  result: MailRunResult,
) {
  let where: { file?: string } | void;
  try {
    where = await transport.deliver({
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      purpose: mail.purpose,
    });
  } catch (error) {
    const failure = failureText(error, mail.recipient);
    const giveUp = mail.attempts >= MAIL_RETRY.maxAttempts;
    const retryAt = giveUp ? null : new Date(ctx.now().getTime() + retryDelayMs(mail.attempts));
    await markMailAttemptFailed(ctx.db, mail, retryAt, failure);
    if (retryAt) {
      result.retrying += 1;
      log.warn({ ...describe(mail), error: failure, retryAt }, 'mail attempt failed, will retry');
    } else {
      result.failed += 1;
      log.warn({ ...describe(mail), error: failure }, 'mail failed, giving up');
    }
    return;
  }
  // A crash between the transport's acceptance and this line sends the mail again after the lease: the better
  // failure for a reset link than losing it (docs/decisions/010-mail-outbox.md).
  await markMailSent(ctx.db, mail, ctx.now());
  result.sent += 1;
  if (where?.file) log.info({ ...describe(mail), file: where.file }, 'mail written to outbox');
  else log.info(describe(mail), 'mail sent');
}

/**
 * One pass of the worker: give up on mail abandoned at its last attempt, then claim due mail in batches and hand
 * each to the transport until none is due. Safe in any number of processes at once. `shouldStop` ends the pass
 * between two mails; the rest of the batch is handed back, due at once.
 */
export async function runMailWorker(
  ctx: AppContext,
  transport: MailTransport,
  log: MailLog,
  shouldStop: () => boolean = () => false,
): Promise<MailRunResult> {
  const result: MailRunResult = { sent: 0, retrying: 0, failed: 0 };
  for (const mail of await failAbandonedMail(ctx.db, ctx.now(), MAIL_RETRY.maxAttempts)) {
    result.failed += 1;
    log.warn(describe(mail), 'mail failed, giving up: its last attempt never finished');
  }
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !shouldStop(); batch += 1) {
    const claimed = await claimDueMail(ctx.db, ctx.now(), {
      limit: CLAIM_BATCH,
      leaseMs: LEASE_MS,
      maxAttempts: MAIL_RETRY.maxAttempts,
    });
    if (claimed.length === 0) break;
    for (const [i, mail] of claimed.entries()) {
      if (shouldStop()) {
        for (const rest of claimed.slice(i)) await releaseMail(ctx.db, rest, ctx.now());
        break;
      }
      await deliverOne(ctx, transport, mail, log, result);
    }
  }
  return result;
}

/**
 * Runs the worker in this process: soon after start-up, every few seconds, and at once when this process queues a
 * mail (`ctx.mailer.send` wakes it), so that a mail goes out within about a second while SMTP is up. Runs never
 * overlap; a wake-up during a run starts another right after it. Returns a stop function that resolves once the run
 * in flight has finished the mail it is sending, so the server can close the database after it.
 */
export function startMailWorker(
  ctx: AppContext,
  log: MailLog,
  options: { transport: MailTransport; intervalMs?: number },
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, delayMs);
    // A pending run alone does not keep the process alive.
    timer.unref();
  };
  function run() {
    running = runMailWorker(ctx, options.transport, log, () => stopped)
      .then(
        () => undefined,
        // The next run retries; while the database is away that is expected, not a fault to page anyone about.
        (error: unknown) =>
          isDatabaseUnavailable(error)
            ? log.warn({ err: loggableError(error) }, 'mail worker: database unavailable')
            : log.error({ err: loggableError(error) }, 'mail worker run failed'),
      )
      .then(() => {
        running = undefined;
        const again = wokenWhileRunning;
        wokenWhileRunning = false;
        schedule(again ? 0 : intervalMs);
      });
  }
  // Never inside the request that queued the mail: the run starts on a later turn of the event loop.
  const wake = () => {
    if (running) wokenWhileRunning = true;
    else schedule(0);
  };
  const unsubscribe = ctx.mailer.onQueued(wake);
  schedule(Math.min(intervalMs, 1_000));

  return async () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
    await running;
  };
}
