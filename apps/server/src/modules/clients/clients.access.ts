import type { AppContext, Caller } from '../../context';
import { forbidden, notFound, outOfScope } from '../../lib/app-error';
import { CARER_TEXTS } from '@hep/shared/schemas/carers';
import { carerMayLog, carerMayRead } from '../carers/carers.policy';
import { isClientAccount, userScopeFactsOf } from '../users/users.policy';
import { findUserDetailById } from '../users/users.service';
import { canManageClient } from './clients.policy';

/**
 * A client account the caller may see (staff, the care team, the client themself, or a carer with a live link) or,
 * for `write`, act for (staff or the care team); anything else is 404, never revealing that the account exists. A
 * carer's link is read in the same query as the client (docs/product/carers.md#scope), so an ended or expired link
 * stops working at once; the row's `carerAccess` tells a service what the carer may do.
 */
export async function loadClientInScope(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  mode: 'view' | 'write',
) {
  const row = await findUserDetailById(ctx, clientId, caller);
  if (!row || !row.hasClientProfile) throw notFound();
  const facts = userScopeFactsOf(row);
  if (!isClientAccount(facts)) throw notFound();
  const isSelf = mode === 'view' && caller.id === clientId;
  const isCarer = mode === 'view' && caller.isCarer && carerMayRead(row.carerAccess);
  // An account that exists but is out of scope answers the same 404, and is audited as a denied attempt.
  if (!canManageClient(caller, facts) && !isSelf && !isCarer)
    throw outOfScope({ entity: 'client', id: clientId, subjectUserId: clientId });
  return row;
}

/**
 * A client a carer records for (feedback, the session, self-report measures): a `log` or `full` link; a `view` link
 * answers 403, and no live link 404 (docs/product/carers.md#levels).
 */
export async function loadClientForCarerLog(ctx: AppContext, caller: Caller, clientId: number) {
  const row = await loadClientInScope(ctx, caller, clientId, 'view');
  if (!carerMayLog(row.carerAccess)) throw forbidden(CARER_TEXTS.viewOnly);
  return row;
}
