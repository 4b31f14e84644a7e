import {
  CARER_TEXTS,
  type TCarerAccessEntry,
  type TCarerClient,
  type TCarerLinkPreferences,
  type TCarerLink,
  type TInviteCarerBody,
  type TUpdateCarerLinkBody,
} from '@hep/shared/schemas/carers';
import type { AppContext, Caller } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { isUniqueViolation } from '../../lib/unique-violation';
import { type AuditEntry, auditEntries, writeAudit } from '../audit/audit.service';
import { createAccountWithActivation } from '../auth/password-links.service';
import { loadClientInScope } from '../clients/clients.access';
import { isClientAccount } from '../users/users.policy';
import { findAccountByEmail } from '../users/users.service';
import { linkDay, mayManageCarers } from './carers.policy';
import {
  type CarerLinkRow,
  endLink,
  findCarerAuditOfClient,
  findLiveClientsOfCarer,
  findLiveLinksOfClient,
  findOpenLink,
  findOpenLinkBetween,
  insertLink,
  setLinkReminders,
  updateLink,
} from './carers.repository';

/** How many of a client's records read or changed by carers the access log shows. */
export const CARER_ACCESS_LOG_SIZE = 50;

const toLink = (row: CarerLinkRow): TCarerLink => ({
  id: row.id,
  client_id: row.clientId,
  carer: {
    id: row.carerId,
    first_name: row.carerFirstName,
    last_name: row.carerLastName,
    email: row.carerEmail,
  },
  relationship: row.relationship,
  access: row.access,
  expires_on: row.expiresOn,
  receives_reminders: row.receivesReminders,
  created_at: row.createdAt.toISOString(),
});

/** The request's audit row about one client's carer links. */
const auditLinks = (
  ctx: AppContext,
  caller: Caller,
  action: AuditEntry['action'],
  clientId: number,
  linkIds: number[],
  meta: RequestMeta,
  details?: Record<string, unknown>,
) =>
  writeAudit(
    ctx.db,
    auditEntries(
      caller,
      action,
      { entity: 'carer_link', ids: linkIds, subjectUserId: clientId },
      meta,
      details,
    ),
  );

/** A last day before today would make a link that never works. */
function assertExpiryAhead(ctx: AppContext, expiresOn: string | null) {
  if (expiresOn !== null && expiresOn < linkDay(ctx.now()))
    throw badRequest(CARER_TEXTS.expiryPast, { expires_on: CARER_TEXTS.expiryPast });
}

/**
 * The client whose carers the caller manages (staff or the care team). Someone who may not see the client gets
 * 404; the client themself 403; a carer 404, since carers of a client are not theirs to see.
 */
async function loadClientForLinkWrite(ctx: AppContext, caller: Caller, clientId: number) {
  if (caller.isCarer) throw notFound();
  const client = await loadClientInScope(ctx, caller, clientId, 'view');
  if (!mayManageCarers(caller)) throw forbidden();
  return client;
}

/** A link not yet ended and the caller's view of its client (404 outside the client's record, or for a carer). */
async function loadOpenLink(ctx: AppContext, caller: Caller, id: number) {
  if (caller.isCarer) throw notFound();
  const link = await findOpenLink(ctx.db, id);
  if (!link) throw notFound();
  await loadClientInScope(ctx, caller, link.clientId, 'view');
  return link;
}

/** The carer account for the invited address: an existing carer, or a new one mailed its activation link. */
async function carerAccountFor(
  ctx: AppContext,
  existing: Awaited<ReturnType<typeof findAccountByEmail>>,
  input: TInviteCarerBody,
  language: Caller['language'],
  meta: RequestMeta,
) {
  if (existing) {
    if (!existing.isCarer) throw badRequest(CARER_TEXTS.notCarer, { email: CARER_TEXTS.notCarer });
    return { id: existing.id, created: false, activationEmail: undefined };
  }
  const created = await createAccountWithActivation(
    ctx,
    { email: input.email, firstName: input.first_name, lastName: input.last_name, isCarer: true, language },
    meta,
  );
  return { id: created.id, created: true, activationEmail: created.activationEmail };
}

/** POST /clients/{client_id}/carers/ (docs/product/carers.md#calls). */
export async function inviteCarer(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  input: TInviteCarerBody,
  meta: RequestMeta,
): Promise<TCarerLink> {
  const client = await loadClientForLinkWrite(ctx, caller, clientId);
  assertExpiryAhead(ctx, input.expires_on);
  const today = linkDay(ctx.now());
  const alreadyLinked = () => conflict(CARER_TEXTS.alreadyLinked, { email: CARER_TEXTS.alreadyLinked });
  const existing = await findAccountByEmail(ctx, input.email);
  if (existing && !existing.isCarer) throw badRequest(CARER_TEXTS.notCarer, { email: CARER_TEXTS.notCarer });
  if (existing) {
    const open = await findOpenLinkBetween(ctx.db, existing.id, clientId);
    if (open && (open.expiresOn === null || open.expiresOn >= today)) throw alreadyLinked();
  }
  // A new carer's mail and app start in the client's language: the person inviting them chose it with the client.
  const carer = await carerAccountFor(ctx, existing, input, client.user.language, meta);
  let linkId: number;
  try {
    linkId = await insertLink(
      ctx.db,
      {
        carerId: carer.id,
        clientId,
        relationship: input.relationship,
        access: input.access,
        expiresOn: input.expires_on,
        createdById: caller.id,
      },
      ctx.now(),
      today,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
  await auditLinks(ctx, caller, 'create', clientId, [linkId], meta, {
    carer_id: carer.id,
    access: input.access,
    new_account: carer.created,
    ...(carer.activationEmail ? { activation_email: carer.activationEmail } : {}),
  });
  return toLink((await findOpenLink(ctx.db, linkId))!);
}

/** GET /clients/{client_id}/carers/: the live links, for the care team, staff and the client themself. */
export async function listCarers(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  meta: RequestMeta,
): Promise<TCarerLink[]> {
  if (caller.isCarer) throw notFound();
  await loadClientInScope(ctx, caller, clientId, 'view');
  const rows = await findLiveLinksOfClient(ctx.db, clientId, linkDay(ctx.now()));
  await auditLinks(
    ctx,
    caller,
    'read',
    clientId,
    rows.map((r) => r.id),
    meta,
  );
  return rows.map(toLink);
}

/** PUT /carers/links/{id}/: the care team or staff change the access and the last day. */
export async function changeLink(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: TUpdateCarerLinkBody,
  meta: RequestMeta,
): Promise<TCarerLink> {
  const link = await loadOpenLink(ctx, caller, id);
  if (!mayManageCarers(caller)) throw forbidden();
  assertExpiryAhead(ctx, input.expires_on);
  await updateLink(ctx.db, id, { access: input.access, expiresOn: input.expires_on });
  await auditLinks(ctx, caller, 'update', link.clientId, [id], meta, {
    fields: [
      ...(link.access !== input.access ? ['access'] : []),
      ...(link.expiresOn !== input.expires_on ? ['expires_on'] : []),
    ],
  });
  return toLink((await findOpenLink(ctx.db, id))!);
}

/** DELETE /carers/links/{id}/: the care team, staff or the client end a link; the carer's next request is refused. */
export async function removeLink(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  const link = await loadOpenLink(ctx, caller, id);
  const isTheClient = caller.id === link.clientId && isClientAccount(caller);
  if (!mayManageCarers(caller) && !isTheClient) throw forbidden();
  if (!(await endLink(ctx.db, id, ctx.now()))) throw notFound();
  await auditLinks(ctx, caller, 'delete', link.clientId, [id], meta, { carer_id: link.carerId });
}

/** GET /carers/me/clients/: a carer's clients through their live links. */
export async function listMyClients(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
): Promise<TCarerClient[]> {
  if (!caller.isCarer) throw forbidden();
  const rows = await findLiveClientsOfCarer(ctx.db, caller.id, linkDay(ctx.now()));
  await writeAudit(
    ctx.db,
    auditEntries(
      caller,
      'read',
      { entity: 'carer_link', ids: rows.map((r) => r.id), subjectUserId: (i) => rows[i]!.clientId },
      meta,
      { view: 'my_clients' },
    ),
  );
  return rows.map(toCarerClient);
}

const toCarerClient = (r: Awaited<ReturnType<typeof findLiveClientsOfCarer>>[number]): TCarerClient => ({
  link_id: r.id,
  client: { id: r.clientId, first_name: r.clientFirstName, last_name: r.clientLastName },
  relationship: r.relationship,
  access: r.access,
  expires_on: r.expiresOn,
  receives_reminders: r.receivesReminders,
});

/**
 * PUT /carers/me/clients/{link_id}/: the carer opts in to (or out of) the client's reminders on their own live link
 * (docs/product/carers.md#reminders). Anyone else's link, an ended one, or a caller who is not a carer: 404.
 */
export async function setMyLinkPreferences(
  ctx: AppContext,
  caller: Caller,
  linkId: number,
  input: TCarerLinkPreferences,
  meta: RequestMeta,
): Promise<TCarerClient> {
  const today = linkDay(ctx.now());
  if (
    !caller.isCarer ||
    !(await setLinkReminders(ctx.db, linkId, caller.id, today, input.receives_reminders))
  )
    throw notFound();
  const row = (await findLiveClientsOfCarer(ctx.db, caller.id, today)).find((r) => r.id === linkId);
  if (!row) throw notFound();
  await auditLinks(ctx, caller, 'update', row.clientId, [linkId], meta, { fields: ['receives_reminders'] });
  return toCarerClient(row);
}

/** GET /users/me/carer-access/: the client's access log, the last reads and writes of their record by carers. */
export async function listCarerAccess(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
): Promise<TCarerAccessEntry[]> {
  if (!isClientAccount(caller)) throw forbidden();
  const rows = await findCarerAuditOfClient(ctx.db, caller.id, CARER_ACCESS_LOG_SIZE);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'read', { entity: 'carer_access', ids: [], subjectUserId: caller.id }, meta),
  );
  return rows.map((r) => ({
    carer: { id: r.carerId!, name: `${r.carerFirstName} ${r.carerLastName}` },
    action: r.action,
    record: r.record,
    at: r.at.toISOString(),
  }));
}
