import type { Bundle } from '@medplum/fhirtypes';
import type { AppContext, Caller } from '../../context';
import { AppError, notFound, OutOfScopeError } from '../../lib/app-error';
import { textIn } from '../../lib/i18n';
import type { RequestMeta } from '../../lib/request-meta';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { loadClientInScope } from '../clients/clients.access';
import { clientBundleOf, type ClientRecord } from './fhir-bundle';
import { fhirBaseOf } from './fhir-references';
import {
  findCareTeam,
  findClinic,
  findExercises,
  findFeedback,
  findLiveCarerLinks,
  findMeasureResults,
  findPrograms,
} from './fhir.repository';

type ClientRow = Awaited<ReturnType<typeof loadClientInScope>>;

/**
 * Reads the whole record in a fixed handful of statements (docs/product/records.md#fhir-export): the care team, the
 * clinic, the programs, then their exercises and feedback, the measure results and the live carer links. A draft is
 * part of it for the care team and staff, never for the client themself (drafts are not theirs to see yet).
 */
async function readRecord(ctx: AppContext, caller: Caller, row: ClientRow): Promise<ClientRecord> {
  const user = row.user;
  const today = ctx.now().toISOString().slice(0, 10);
  const [careTeam, clinic, programs, results, carerLinks] = await Promise.all([
    findCareTeam(ctx.db, { clinicId: row.clientClinicId, createdById: row.clientCreatedById }),
    findClinic(ctx.db, row.clientClinicId),
    findPrograms(ctx.db, user.id, caller.id !== user.id),
    findMeasureResults(ctx.db, user.id),
    findLiveCarerLinks(ctx.db, user.id, today),
  ]);
  const programIds = programs.map((program) => program.id);
  const [exercises, feedback] = await Promise.all([
    findExercises(ctx.db, programIds),
    findFeedback(ctx.db, user.id, programIds),
  ]);
  return {
    client: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      mobile: user.mobile,
      dateOfBirth: user.dateOfBirth,
      isActive: user.isActive,
      language: user.language,
      clinicId: row.clientClinicId,
    },
    careTeam,
    clinic,
    programs,
    exercises,
    feedback,
    results,
    carerLinks,
  };
}

async function bundleFor(ctx: AppContext, caller: Caller, row: ClientRow): Promise<Bundle> {
  const record = await readRecord(ctx, caller, row);
  const language = record.client.language;
  return clientBundleOf(record, {
    base: fhirBaseOf(ctx.config.PUBLIC_URL),
    now: ctx.now(),
    t: (text, values) => textIn(language, text, values),
  });
}

/**
 * GET /clients/{client_id}/fhir/: the client's record as a FHIR Bundle, for whoever may read the record (the care
 * team, staff, the client themself). A carer reads the record through the app's own calls, not this export: 404, as
 * for anyone outside the record (docs/product/carers.md#scope). One audit row, a 404 included.
 */
export async function getClientFhirBundle(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  meta: RequestMeta,
): Promise<Bundle> {
  let row: ClientRow;
  try {
    if (caller.isCarer) throw notFound();
    row = await loadClientInScope(ctx, caller, clientId, 'view');
  } catch (error) {
    // A record outside the caller's scope is audited as denied by the error handler; a missing one here.
    if (error instanceof AppError && error.statusCode === 404 && !(error instanceof OutOfScopeError))
      await writeAudit(
        ctx.db,
        auditEntries(
          caller,
          'read',
          { entity: 'user', ids: [clientId] },
          meta,
          { view: 'fhir' },
          'not_found',
        ),
      );
    throw error;
  }
  const bundle = await bundleFor(ctx, caller, row);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'read', { entity: 'user', ids: [clientId], subjectUserId: clientId }, meta, {
      view: 'fhir',
      resources: bundle.entry?.length ?? 0,
    }),
  );
  return bundle;
}

/**
 * The caller's own record as a FHIR Bundle, for their data download (docs/product/records.md#download-my-data),
 * which writes its own audit row; null for an account that is not a client.
 */
export async function findOwnFhirBundle(ctx: AppContext, caller: Caller): Promise<Bundle | null> {
  if (caller.isStaff || caller.isTherapist || caller.isCarer) return null;
  let row: ClientRow;
  try {
    row = await loadClientInScope(ctx, caller, caller.id, 'view');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
  return bundleFor(ctx, caller, row);
}
