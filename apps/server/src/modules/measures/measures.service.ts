import { dateInZone } from '@hep/shared/domain/day-status';
import { findInstrument, INSTRUMENTS } from '@hep/shared/measures/instruments';
import { nextDue } from '@hep/shared/measures/schedule';
import { scoreResponse } from '@hep/shared/measures/scoring';
import type { TInstrument } from '@hep/shared/measures/instrument-schema';
import type {
  TAssignMeasure,
  TDueMeasure,
  TInstrumentView,
  TMeasureAssignment,
  TMeasureResponse,
  TMeasureResponseResult,
  TMeasureResult,
  TMeasureScore,
} from '@hep/shared/schemas/measures';
import { CARER_TEXTS } from '@hep/shared/schemas/carers';
import type { AppContext, Caller } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { invalid } from '../../lib/field-errors';
import { textIn } from '../../lib/i18n';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { loadClientForCarerLog, loadClientInScope } from '../clients/clients.access';
import {
  claimIdempotencyKey,
  type IdempotentRequest,
  saveIdempotentAnswer,
} from '../idempotency/idempotency.service';
import { findUserDetailById } from '../users/users.service';
import { instrumentView } from './instrument-view';
import { hasOwnMeasures, mayAnswer } from './measures.policy';
import {
  type AssignmentRow,
  findAssignment,
  findClientMeasures,
  findCrisisText,
  findLiveAssignments,
  findResult,
  findScores,
  insertAssignment,
  insertResult,
  type ResultRow,
  stopAssignment,
} from './measures.repository';

/** What a client who may be at risk reads at once unless their clinic set its own (clinics.crisis_text). */
export const DEFAULT_CRISIS_TEXT =
  /*i18n*/ 'If you might harm yourself, call 000 or Lifeline on 13 11 14 now.';

export const MEASURE_STOPPED = /*i18n*/ 'This measure was stopped, so it takes no more answers.';

function instrumentOf(code: string): TInstrument {
  const instrument = findInstrument(code);
  if (!instrument) throw new Error(`unknown instrument ${code}`);
  return instrument;
}

const resultView = (row: ResultRow): TMeasureResult => ({
  id: row.id,
  taken_at: row.taken_at,
  score: Number(row.score),
  subscores: row.subscores,
  band: row.band,
  safety: row.safety,
  entered_by: { id: row.entered_by_id, name: row.entered_by_name, role: row.entered_by_role },
});

function assignmentView(row: AssignmentRow, results: ResultRow[]): TMeasureAssignment {
  const lastTakenOn = results.reduce<string | null>(
    (last, r) => (!last || r.taken_on > last ? r.taken_on : last),
    null,
  );
  return {
    id: row.id,
    instrument: row.instrument,
    first_due: row.first_due,
    every_days: row.every_days,
    ends_on: row.ends_on,
    next_due: nextDue(
      {
        firstDue: row.first_due,
        everyDays: row.every_days,
        endsOn: row.ends_on,
        stopped: row.stopped_at !== null,
      },
      lastTakenOn,
    ),
    stopped_at: row.stopped_at,
    created_at: row.created_at,
    results: results.map(resultView),
  };
}

/** GET /measures/instruments/: every instrument, each in the caller's language where it carries it. */
export function listInstruments(caller: Caller): TInstrumentView[] {
  return INSTRUMENTS.map((instrument) => instrumentView(instrument, caller.language));
}

/** POST /clients/{client_id}/measures/: the care team or staff prescribe a measure on a schedule. */
export async function assignMeasure(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  input: TAssignMeasure,
  meta: RequestMeta,
): Promise<TMeasureAssignment> {
  await loadClientForCareTeam(ctx, caller, clientId);
  const row = await insertAssignment(ctx.db, {
    clientId,
    instrument: input.instrument,
    firstDue: input.first_due,
    everyDays: input.every_days,
    endsOn: input.ends_on ?? null,
    createdById: caller.id,
    now: ctx.now(),
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
  return assignmentView(row, []);
}

/**
 * A client the caller may see (404 otherwise), for what only the care team does: the client themself is refused
 * with 403, since it is their own record.
 */
async function loadClientForCareTeam(ctx: AppContext, caller: Caller, clientId: number) {
  const client = await loadClientInScope(ctx, caller, clientId, 'view');
  if (!caller.isStaff && !caller.isTherapist) throw forbidden();
  return client;
}

/** GET /clients/{client_id}/measures/: the client's assignments with next_due and their results. */
export async function listClientMeasures(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  meta: RequestMeta,
): Promise<TMeasureAssignment[]> {
  await loadClientInScope(ctx, caller, clientId, 'view');
  const { assignments, results } = await findClientMeasures(ctx.db, {
    clientId,
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
  // Grouped once, not scanned again for each assignment.
  const byAssignment = new Map<number, ResultRow[]>();
  for (const r of results)
    byAssignment.set(r.assignment_id, [...(byAssignment.get(r.assignment_id) ?? []), r]);
  return assignments.map((a) => assignmentView(a, byAssignment.get(a.id) ?? []));
}

/** An assignment whose client the caller may see; 404 for any other, as for the client's record. */
async function loadAssignmentInScope(ctx: AppContext, caller: Caller, id: number) {
  const assignment = await findAssignment(ctx.db, id);
  if (!assignment) throw notFound();
  const client = await loadClientInScope(ctx, caller, assignment.client_id, 'view');
  return { assignment, client };
}

/** DELETE /measures/assignments/{id}/: stops it (the care team); its results stay on the record. */
export async function stopMeasure(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  const { assignment } = await loadAssignmentInScope(ctx, caller, id);
  if (!caller.isStaff && !caller.isTherapist) throw forbidden();
  await stopAssignment(ctx.db, {
    id,
    clientId: assignment.client_id,
    now: ctx.now(),
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
}

/** GET /measures/due/: the caller's own questionnaires due today (their today) or overdue, oldest due first. */
export async function listDueMeasures(
  ctx: AppContext,
  caller: Caller,
  clientId: number | undefined,
  meta: RequestMeta,
): Promise<TDueMeasure[]> {
  const client = await loadAnsweringClient(ctx, caller, clientId);
  const today = dateInZone(ctx.now(), client.user.notificationTimezone);
  const live = await findLiveAssignments(ctx.db, {
    clientId: client.user.id,
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
  return live
    .map((a) => ({
      a,
      instrument: instrumentOf(a.instrument),
      due: nextDue(
        { firstDue: a.first_due, everyDays: a.every_days, endsOn: a.ends_on, stopped: false },
        a.last_taken_on,
      ),
    }))
    .filter(({ instrument, due }) => instrument.kind === 'self_report' && due !== null && due <= today)
    .sort((x, y) => (x.due! < y.due! ? -1 : x.due! > y.due! ? 1 : x.a.id - y.a.id))
    .map(({ a, instrument, due }) => ({
      assignment_id: a.id,
      client_id: a.client_id,
      due: due!,
      instrument: instrumentView(instrument, caller.language),
    }));
}

/**
 * Whose due questionnaires the caller reads: a client their own (`client_id` absent or theirs); a carer those of the
 * client named, through a `log` or `full` link (docs/product/carers.md#levels: `view` 403, no live link 404).
 */
async function loadAnsweringClient(ctx: AppContext, caller: Caller, clientId: number | undefined) {
  if (caller.isCarer) {
    if (clientId === undefined) throw notFound();
    return loadClientForCarerLog(ctx, caller, clientId);
  }
  if (!hasOwnMeasures(caller)) throw forbidden();
  if (clientId !== undefined && clientId !== caller.id) throw notFound();
  const me = await findUserDetailById(ctx, caller.id);
  if (!me) throw notFound();
  return me;
}

/** The checked and scored response, ready to save: everything the request can be refused for is checked here. */
export interface ScoredResponse {
  assignment: AssignmentRow;
  instrument: TInstrument;
  input: TMeasureResponse;
  score: Exclude<ReturnType<typeof scoreResponse>, { ok: false }>['value'];
  takenOn: string;
  clinicId: number | null;
}

/**
 * The checks of POST /measures/assignments/{id}/responses/: the assignment in the caller's scope (404), live (409),
 * the caller the one to answer it (403: a questionnaire is the client's, a performance test the care team's), every
 * question answered on its scale (400 naming each question at fault).
 */
export async function checkResponse(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: TMeasureResponse,
): Promise<ScoredResponse> {
  const { assignment, client } = await loadAssignmentInScope(ctx, caller, id);
  const instrument = instrumentOf(assignment.instrument);
  if (!mayAnswer(caller, assignment.client_id, instrument.kind, client.carerAccess)) {
    throw forbidden(caller.isCarer && instrument.kind === 'self_report' ? CARER_TEXTS.viewOnly : undefined);
  }
  if (assignment.stopped_at !== null) throw conflict(MEASURE_STOPPED);
  const scored = scoreResponse(instrument, input);
  if (!scored.ok) throw invalid(scored.fields);
  return {
    assignment,
    instrument,
    input,
    score: scored.value,
    takenOn: dateInZone(ctx.now(), client.user.notificationTimezone),
    clinicId: client.clientClinicId,
  };
}

/** Saves a checked response (in the transaction of a keyed save, its key claimed first) and answers its score. */
export async function saveResponse(
  ctx: AppContext,
  caller: Caller,
  checked: ScoredResponse,
  meta: RequestMeta,
  once?: IdempotentRequest,
): Promise<TMeasureResponseResult> {
  const { assignment, instrument, input, score } = checked;
  const id = await inTransaction(ctx.db, async (tx) => {
    if (once) await claimIdempotencyKey(tx, once);
    const saved = await insertResult(tx, {
      assignmentId: assignment.id,
      clientId: assignment.client_id,
      instrument: instrument.code,
      instrumentVersion: instrument.version,
      answers: input.answers,
      activities: input.activities?.map((a) => a.trim()) ?? null,
      ...score,
      takenAt: ctx.now(),
      takenOn: checked.takenOn,
      enteredById: caller.id,
      actorId: caller.id,
      correlationId: meta.correlationId,
    });
    if (once) await saveIdempotentAnswer(tx, once, { id: saved });
    return saved;
  });
  return answerOf(ctx, caller, { id, ...score }, checked.clinicId);
}

async function answerOf(
  ctx: AppContext,
  caller: Caller,
  result: {
    id: number;
    score: number;
    subscores: Record<string, number> | null;
    band: string | null;
    safety: boolean;
  },
  clinicId: number | null,
): Promise<TMeasureResponseResult> {
  const crisisText = result.safety
    ? ((await findCrisisText(ctx.db, clinicId)) ?? textIn(caller.language, DEFAULT_CRISIS_TEXT))
    : null;
  return { ...result, crisis_text: crisisText };
}

/** A keyed repeat: the first save's answer, made again from its result. */
export async function answerSavedResponse(ctx: AppContext, caller: Caller, stored: unknown) {
  const { id } = stored as { id: number };
  const row = await findResult(ctx.db, id);
  if (!row) throw notFound();
  const client = await loadClientInScope(ctx, caller, row.client_id, 'view');
  const { score, subscores, band, safety } = resultView(row);
  return answerOf(ctx, caller, { id, score, subscores, band, safety }, client.clientClinicId);
}

/** GET /clients/{client_id}/measures/{instrument}/scores/: the trend of one instrument, oldest first. */
export async function listScores(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  instrument: string,
  meta: RequestMeta,
): Promise<TMeasureScore[]> {
  await loadClientInScope(ctx, caller, clientId, 'view');
  if (!findInstrument(instrument)) throw notFound();
  const rows = await findScores(ctx.db, {
    clientId,
    instrument,
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
  return rows.map(
    ({ taken_at, score, subscores, band, entered_by_id, entered_by_name, entered_by_role }) => ({
      taken_at,
      score: Number(score),
      subscores,
      band,
      entered_by: { id: entered_by_id, name: entered_by_name, role: entered_by_role },
    }),
  );
}
