import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import { isClientAccount, userScopeFactsOf } from '../users/users.policy';
import { findUserDetailById } from '../users/users.service';
import { canManageClient } from './clients.policy';

/**
 * A client account the caller may see (staff, the care team, or the client themself) or, for `write`, act for
 * (staff or the care team); anything else is 404, never revealing that the account exists.
 */
export async function loadClientInScope(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  mode: 'view' | 'write',
) {
  const row = await findUserDetailById(ctx, clientId);
  if (!row || !row.hasClientProfile) throw notFound();
  const facts = userScopeFactsOf(row);
  const isSelf = mode === 'view' && caller.id === clientId && isClientAccount(facts);
  if (!canManageClient(caller, facts) && !isSelf) throw notFound();
  return row;
}
