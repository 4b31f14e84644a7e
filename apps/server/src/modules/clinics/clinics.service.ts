import type { TClinic, TClinicSettings, TCreateClinic } from '@hep/shared/schemas/staff';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict, notFound } from '../../lib/app-error';
import { textIn } from '../../lib/i18n';
import { DEFAULT_CRISIS_TEXT } from '../measures/measures.service';
import { auditEntries, writeAudit } from '../audit/audit.service';
import {
  findClinic,
  findClinicSettings,
  insertClinicIfNameFree,
  listClinics,
  updateClinicSettings,
} from './clinics.repository';

export const CLINIC_NAME_TAKEN = /*i18n*/ 'A clinic with this name already exists.';

export async function findClinics(ctx: AppContext): Promise<TClinic[]> {
  return listClinics(ctx.db);
}

export const clinicExists = async (ctx: AppContext, id: number) => (await findClinic(ctx.db, id)) !== null;

export async function createClinic(
  ctx: AppContext,
  caller: Caller,
  input: TCreateClinic,
  meta: RequestMeta,
): Promise<TClinic> {
  const name = input.name.trim();
  const id = await insertClinicIfNameFree(ctx.db, name);
  if (id === null) throw conflict(CLINIC_NAME_TAKEN, { name: CLINIC_NAME_TAKEN });
  await writeAudit(ctx.db, auditEntries(caller, 'create', { entity: 'clinic', ids: [id] }, meta));
  return { id, name };
}

const settingsOf = (
  caller: Caller,
  row: { id: number; name: string; crisisText: string | null; retentionYears: number },
): TClinicSettings => ({
  id: row.id,
  name: row.name,
  crisis_text: row.crisisText,
  default_crisis_text: textIn(caller.language, DEFAULT_CRISIS_TEXT),
  retention_years: row.retentionYears,
});

/** GET /clinics/{id}/ (staff): the clinic's settings, the default crisis text in the reader's language. */
export async function getClinicSettings(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<TClinicSettings> {
  const row = await findClinicSettings(ctx.db, id);
  if (!row) throw notFound();
  await writeAudit(ctx.db, auditEntries(caller, 'read', { entity: 'clinic', ids: [id] }, meta));
  return settingsOf(caller, row);
}

/**
 * PATCH /clinics/{id}/ (staff): the clinic's crisis text (docs/product/outcome-measures.md#safety) and how long it
 * keeps a deactivated client's records (docs/product/retention.md).
 */
export async function updateClinic(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: { crisis_text?: string | null; retention_years?: number },
  meta: RequestMeta,
): Promise<TClinicSettings> {
  if (!(await findClinic(ctx.db, id))) throw notFound();
  await updateClinicSettings(ctx.db, id, {
    ...(input.crisis_text !== undefined ? { crisisText: input.crisis_text } : {}),
    ...(input.retention_years !== undefined ? { retentionYears: input.retention_years } : {}),
  });
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'update', { entity: 'clinic', ids: [id] }, meta, {
      fields: Object.entries(input).flatMap(([field, value]) => (value === undefined ? [] : [field])),
    }),
  );
  const row = await findClinicSettings(ctx.db, id);
  return settingsOf(caller, row!);
}
