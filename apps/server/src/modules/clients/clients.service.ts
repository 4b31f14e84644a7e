import {
  CLIENTS_PAGE_SIZE,
  type TClientDetails,
  type TClientListItem,
  type TClientListPage,
  type TClientListQuery,
  type TCreateClient,
  type TEditClientBody,
  type TEditClientResponse,
} from '@hep/shared/schemas/clients';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { CLIENT_TEXTS } from '@hep/shared/texts/clients';
import { ZIsoDate } from '@hep/shared/schemas/common';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { type AuditEntry, auditEntries, writeAudit } from '../audit/audit.service';
import { sendEmailChangeLink } from '../auth/email-change.service';
import { createAccountWithActivation } from '../auth/password-links.service';
import { adherenceClock } from '../progress/program-adherence.service';
import { emailChangeKind, saveWithFreeEmail, type UserDetailRow } from '../users/users.service';
import { loadClientInScope } from './clients.access';
import { clientScopeOf } from './clients.policy';
import { type ClientSearch, findClientPage, findClients, updateClientFields } from './clients.repository';

/** The audit entries of an action on clients: each entry is about the client it names. */
const clientEntries = (
  caller: Caller,
  action: AuditEntry['action'],
  clientIds: number[],
  meta: RequestMeta,
  details?: Record<string, unknown>,
) =>
  auditEntries(
    caller,
    action,
    { entity: 'client', ids: clientIds, subjectUserId: (i) => clientIds[i]! },
    meta,
    details,
  );

function toDetails(row: UserDetailRow): TClientDetails {
  const u = row.user;
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    mobile: u.mobile,
    condition: row.condition,
    receives_sms: u.receivesSms,
    receives_email: u.receivesEmail,
    date_of_birth: u.dateOfBirth,
    language: u.language,
  };
}

type ClientRow = Awaited<ReturnType<typeof findClients>>[number];

const toListItem = (r: ClientRow): TClientListItem => ({
  id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  date_of_birth: r.dateOfBirth,
  adherence_last_7: r.adherenceLast7,
});

/** GET /users/clients/ unpaged: every client in scope, as a plain array (docs/product/clients.md#paging). */
export async function listClients(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
): Promise<TClientListItem[]> {
  const rows = await findClients(ctx.db, clientScopeOf(caller), await adherenceClock(ctx));
  // One row for the request: its ids travel as one array parameter, however many clients a staff list holds.
  await writeAudit(
    ctx.db,
    clientEntries(
      caller,
      'read',
      rows.map((r) => r.id),
      meta,
      { view: 'list' },
    ),
  );
  return rows.map(toListItem);
}

/** A date typed into the search as the API writes it (yyyy-MM-dd) or as the list shows it (dd/MM/yyyy). */
function searchDateOf(term: string): string | undefined {
  const shown = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(term);
  const iso = shown ? `${shown[3]}-${shown[2]}-${shown[1]}` : term;
  return ZIsoDate.safeParse(iso).success ? iso : undefined;
}

function clientSearchOf(query: TClientListQuery): ClientSearch | null {
  const term = query.q ?? '';
  if (!term) return null;
  // The query schema has already refused a `by=date_of_birth` search that is not a yyyy-MM-dd date.
  if (query.by === 'date_of_birth') return { by: 'date_of_birth', date: term };
  return { by: query.by ?? 'name', term, date: query.by ? undefined : searchDateOf(term) };
}

/**
 * A page of the list (docs/product/clients.md#paging), searched on the server. A page past the last one is empty,
 * with the count and no next page. The audit records the clients of the page returned, the ones the caller was shown.
 */
export async function listClientPage(
  ctx: AppContext,
  caller: Caller,
  query: TClientListQuery,
  meta: RequestMeta,
): Promise<TClientListPage> {
  const page = query.page ?? 1;
  const { rows, count } = await findClientPage(
    ctx.db,
    clientScopeOf(caller),
    clientSearchOf(query),
    {
      offset: (page - 1) * CLIENTS_PAGE_SIZE,
      limit: CLIENTS_PAGE_SIZE,
    },
    await adherenceClock(ctx),
  );
  await writeAudit(
    ctx.db,
    clientEntries(
      caller,
      'read',
      rows.map((r) => r.id),
      meta,
      { view: 'list', page, ...(query.q ? { search: query.by ?? 'name' } : {}) },
    ),
  );
  return {
    results: rows.map(toListItem),
    count,
    next: page * CLIENTS_PAGE_SIZE < count ? page + 1 : null,
  };
}

/**
 * Creates the client in the caller's clinic without a password, then mails the activation link once the
 * user is committed. A mail failure does not undo the client: it is logged, and the therapist can send a
 * reset link later (the same page sets the password).
 */
export async function createClient(
  ctx: AppContext,
  caller: Caller,
  input: TCreateClient,
  meta: RequestMeta,
): Promise<{ id: number; message: string }> {
  const { id, activationEmail } = await createAccountWithActivation(
    ctx,
    {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      dateOfBirth: input.date_of_birth,
      mobile: input.mobile,
      language: input.language ?? 'en',
      client: { condition: input.condition, clinicId: caller.clinicId, createdById: caller.id },
    },
    meta,
  );
  await writeAudit(
    ctx.db,
    clientEntries(caller, 'create', [id], meta, { activation_email: activationEmail }),
  );
  return { id, message: CLIENT_TEXTS.clientCreated };
}

export async function getClientDetails(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<TClientDetails> {
  const row = await loadClientInScope(ctx, caller, id, 'write');
  await writeAudit(ctx.db, clientEntries(caller, 'read', [id], meta));
  return toDetails(row);
}

/**
 * A full replacement of the form's fields. An email change of a client not yet activated (no password) applies at
 * once. An activated client's does not (decision 011): the other fields save, the address is checked free (409), and
 * a confirmation link goes to the new address; the email changes, and the client's sessions end, when it is used.
 * Until then the client signs in with the old address, and no password link can reach the new one.
 */
export async function editClient(
  ctx: AppContext,
  caller: Caller,
  input: TEditClientBody,
  meta: RequestMeta,
): Promise<TEditClientResponse> {
  const before = await loadClientInScope(ctx, caller, input.id, 'write');
  const emailChange = emailChangeKind(caller, before.user, input.email);
  const needsConfirmation = emailChange === 'confirm';
  await saveWithFreeEmail(ctx, input.email, input.id, () =>
    updateClientFields(ctx.db, input.id, {
      email: needsConfirmation ? before.user.email : input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      dateOfBirth: input.date_of_birth,
      mobile: input.mobile,
      receivesSms: input.receives_sms,
      receivesEmail: input.receives_email,
      condition: input.condition,
      ...(input.language ? { language: input.language } : {}),
    }),
  );
  if (needsConfirmation) {
    await sendEmailChangeLink(
      ctx,
      { id: input.id, firstName: input.first_name, language: input.language ?? before.user.language },
      input.email,
    );
  }
  const after = await loadClientInScope(ctx, caller, input.id, 'write');
  const changed = changedFields(toDetails(before), toDetails(after));
  const outcome = needsConfirmation ? 'confirmation_sent' : emailChange ? 'changed' : undefined;
  await writeAudit(
    ctx.db,
    clientEntries(caller, 'update', [input.id], meta, {
      fields: changed,
      ...(outcome ? { email_change: outcome } : {}),
    }),
  );
  if (!outcome) return toDetails(after);
  return {
    ...toDetails(after),
    email_change: outcome,
    message: needsConfirmation ? AUTH_TEXTS.emailChangeConfirmationSent : CLIENT_TEXTS.clientUpdated,
  };
}

/** Names only, never values: the audit log holds no health data. */
function changedFields(before: TClientDetails, after: TClientDetails): string[] {
  return (Object.keys(after) as (keyof TClientDetails)[]).filter((k) => before[k] !== after[k]);
}
