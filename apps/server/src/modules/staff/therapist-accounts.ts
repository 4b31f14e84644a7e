import { MESSAGES } from '@hep/shared/messages';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict } from '../../lib/app-error';
import { sendPasswordLink } from '../auth/password-links';
import { isUniqueViolation } from '../../lib/unique-violation';
import { insertTherapists, type NewTherapist } from './staff.repository';

/** Mails go out a few at a time: a 1,000-row import neither floods the SMTP server nor takes one at a time. */
const MAIL_CONCURRENCY = 5;

/**
 * Creates the therapists in one transaction, then (after commit) emails each an activation link. A mail that
 * cannot be sent is logged, not fatal: the account exists and staff can send a reset link later.
 */
export async function createTherapists(
  ctx: AppContext,
  caller: Caller,
  therapists: NewTherapist[],
  meta: RequestMeta,
): Promise<number> {
  let created: { id: number; email: string; firstName: string }[];
  try {
    created = await insertTherapists(ctx.db, therapists, (rows) =>
      rows.map((row) => ({
        actorId: caller.id,
        action: 'create' as const,
        entity: 'user',
        entityId: row.id,
        subjectUserId: row.id,
        correlationId: meta.correlationId,
        details: { role: 'therapist' },
      })),
    );
  } catch (error) {
    // Another request registered one of the addresses between our check and the insert.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    throw error;
  }
  const queue = [...created];
  const worker = async () => {
    for (let user = queue.shift(); user; user = queue.shift()) {
      await sendPasswordLink(ctx, user, 'activate').catch((err: unknown) =>
        meta.log.error({ err, userId: user.id }, 'activation mail failed'),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, queue.length) }, worker));
  return created.length;
}
