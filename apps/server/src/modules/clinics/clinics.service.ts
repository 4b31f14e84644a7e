import type { TClinic, TCreateClinic } from '@hep/shared/schemas/staff';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { findClinic, insertClinicIfNameFree, listClinics } from './clinics.repository';

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
