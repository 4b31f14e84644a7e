import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { auditEntries } from '../audit/audit.service';
import { sendPasswordLink } from '../auth/password-links.service';
import { guardEmailRace } from '../users/users.service';
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
  // The addresses were checked free by the caller (one by one, or the whole CSV at once).
  const created = await guardEmailRace(() =>
    insertTherapists(ctx.db, therapists, (rows) => {
      const ids = rows.map((row) => row.id);
      const records = { entity: 'user', ids, subjectUserId: (i: number) => ids[i]! };
      return auditEntries(caller, 'create', records, meta, { role: 'therapist' });
    }),
  );
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
