import type { AppContext, Caller } from '../../context';
import { notFound, tooManyRequests } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { EXPORT_TEXTS } from '@hep/shared/texts/exports';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { findOwnFhirBundle } from '../fhir/fhir.service';
import { readStoredMedia } from '../media/media-read.service';
import { type AccountRecords, exportDocumentOf } from './export-data';
import { zipStream } from './export-zip';
import {
  claimExport,
  EXPORT_TARGET,
  findAccount,
  findCarerLinksOf,
  findExercisesOfClient,
  findFeedbackOfClient,
  findMeasureResultsOfClient,
  findMessagesOf,
  findProgramsOf,
} from './exports.repository';

/** One download per account per 10 minutes (docs/product/records.md#download-my-data). */
export const EXPORT_WINDOW_SECONDS = 10 * 60;

/** What a client's, a therapist's or a carer's account holds: one statement per kind. */
async function readAccount(ctx: AppContext, caller: Caller): Promise<AccountRecords> {
  const account = await findAccount(ctx.db, caller.id);
  if (!account) throw notFound();
  const id = caller.id;
  const isClient = account.hasClientProfile && !caller.isStaff && !caller.isTherapist && !caller.isCarer;
  if (isClient) {
    const [programs, exercises, feedback, results, messages, carerLinks] = await Promise.all([
      findProgramsOf(ctx.db, { clientId: id }),
      findExercisesOfClient(ctx.db, id),
      findFeedbackOfClient(ctx.db, id),
      findMeasureResultsOfClient(ctx.db, id),
      findMessagesOf(ctx.db, { clientId: id }),
      findCarerLinksOf(ctx.db, { clientId: id }),
    ]);
    return { account, programs, exercises, feedback, results, messages, carerLinks };
  }
  // A therapist's download holds what they wrote (programs prescribed, messages sent); a carer's their links and
  // their messages. The clients' own records stay the clients' to download.
  const [programs, messages, carerLinks] = await Promise.all([
    caller.isTherapist ? findProgramsOf(ctx.db, { therapistId: id }) : Promise.resolve([]),
    findMessagesOf(ctx.db, { senderId: id }),
    caller.isCarer ? findCarerLinksOf(ctx.db, { carerId: id }) : Promise.resolve([]),
  ]);
  return { account, programs, exercises: [], feedback: [], results: [], messages, carerLinks };
}

export interface DataExport {
  filename: string;
  body: NodeJS.ReadableStream;
}

/**
 * GET /users/me/export/: the caller's data as a zip (data.json, fhir.json for a client, and their photos and
 * videos), at most once per account per 10 minutes across every node (the audit log's download rows count; an
 * advisory lock keeps two at once from both passing). The 429 is audited too.
 */
export async function startDataExport(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
): Promise<DataExport> {
  const records = { entity: EXPORT_TARGET, ids: [caller.id], subjectUserId: caller.id };
  const [entry] = auditEntries(caller, 'read', records, meta);
  const wait = await claimExport(ctx.db, caller.id, EXPORT_WINDOW_SECONDS, entry);
  if (wait !== null) {
    await writeAudit(ctx.db, auditEntries(caller, 'read', records, meta, undefined, 'rate_limited'));
    throw tooManyRequests(EXPORT_TEXTS.tooSoon, wait);
  }
  const now = ctx.now();
  const [account, bundle] = await Promise.all([readAccount(ctx, caller), findOwnFhirBundle(ctx, caller)]);
  const { document, files } = exportDocumentOf(account, now);
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
  return {
    filename: `my-data-${now.toISOString().slice(0, 10)}.zip`,
    body: zipStream(
      [
        { path: 'data.json', bytes: json(document) },
        ...(bundle ? [{ path: 'fhir.json', bytes: json(bundle) }] : []),
        ...files.map((file) => ({ path: file.path, open: () => readStoredMedia(ctx, file.storageKey) })),
      ],
      now,
    ),
  };
}
