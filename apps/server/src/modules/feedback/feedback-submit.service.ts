import type { TWeekday } from '@hep/shared/domain/constants';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { isPrescribedOn } from '@hep/shared/domain/day-status';
import type { TFeedback, TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { CARER_TEXTS } from '@hep/shared/schemas/carers';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { invalid } from '../../lib/field-errors';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import {
  claimIdempotencyKey,
  type IdempotentRequest,
  keyClaimValues,
  keyTaken,
  saveIdempotentAnswer,
} from '../idempotency/idempotency.service';
import { discardStoredFiles, recordMedia, withStoredUploads } from '../media/media.service';
import { carerMayLog, linkDay } from '../carers/carers.policy';
import { loadExerciseInScope } from '../programs/exercises.service';
import type { FeedbackInput } from './feedback-form';
import { toFeedback, toFeedbackEntry } from './feedback-response';
import {
  findFeedbackTarget,
  type FeedbackTargetRow,
  insertFeedbackEntry,
  insertKeyedFeedbackEntry,
} from './feedback-statements.repository';
import { latestFeedbackDate, ownsFeedback } from './feedback.policy';
import { findFeedbackById, findFeedbackRows, updateFeedbackRow } from './feedback.repository';
import { assertMayGiveFeedback, auditFeedback } from './feedback.service';

/*
 * A client's feedback saved: POST /feedback/ (a new entry) and PUT /feedback/{id}/ (their own entry changed), each
 * with its scope checks, which the routes also run before an upload is stored.
 */

/**
 * The program of the exercise a client is writing feedback on. Anything but a current exercise of the caller's
 * own published program is 404: a removed exercise keeps its feedback but takes no more (decision 005), and a
 * client never sees drafts. For a client, the "view" scope is exactly their own published programs.
 */
async function loadExerciseToWrite(ctx: AppContext, caller: Caller, exerciseId: number) {
  const { exercise, program } = await loadExerciseInScope(ctx, caller, exerciseId, 'view');
  if (exercise.removedAt || !ownsFeedback(caller, program.program)) throw notFound();
  return program;
}

/**
 * The program of a current exercise of the client's own published program (one lean prepared statement); else 404.
 * The same rule as loadExerciseToWrite: for a client, the "view" scope is exactly their own published programs.
 */
async function loadFeedbackTarget(ctx: AppContext, caller: Caller, exerciseId: number) {
  const [target] = await findFeedbackTarget(ctx.db, {
    exercise: exerciseId,
    caller_id: caller.id,
    caller_carer: caller.isCarer,
    caller_today: linkDay(ctx.now()),
  });
  if (!target) throw notFound();
  // A carer's live link was found with the exercise; a `view` link reads only (docs/product/carers.md#levels).
  if (caller.isCarer && !carerMayLog(target.carer_access)) throw forbidden(CARER_TEXTS.viewOnly);
  return target;
}

export type FeedbackTarget = Awaited<ReturnType<typeof loadFeedbackTarget>>;

/**
 * POST /feedback/ is for an exercise the client may report on (else 404): checked before the upload is stored.
 * Answers the exercise's program, which a save without a file uses as it is (createFeedback's `checked`).
 */
export async function assertMayGiveFeedbackOn(
  ctx: AppContext,
  caller: Caller,
  exerciseId: number,
): Promise<{ exerciseId: number; target: FeedbackTarget }> {
  assertMayGiveFeedback(caller);
  return { exerciseId, target: await loadFeedbackTarget(ctx, caller, exerciseId) };
}

/**
 * The entry, if the caller may change it and its exercise still takes feedback; else 404. A client changes their own
 * entries; a carer with a `log` or `full` link the entries they entered for the client, never the client's own
 * (docs/product/carers.md#levels: a `view` link 403).
 */
async function loadEntryToWrite(ctx: AppContext, caller: Caller, id: number) {
  const entry = await findFeedbackById(ctx.db, id);
  if (!entry) throw notFound();
  if (caller.isCarer) {
    if (entry.enteredById !== caller.id) throw notFound();
    await loadFeedbackTarget(ctx, caller, entry.exerciseId);
    return entry;
  }
  if (!ownsFeedback(caller, entry)) throw notFound();
  await loadExerciseToWrite(ctx, caller, entry.exerciseId);
  return entry;
}

/** PUT /feedback/{id}/ is for an entry the caller may change (else 404): checked before the upload is read. */
export async function assertMayEditFeedback(ctx: AppContext, caller: Caller, id: number) {
  assertMayGiveFeedback(caller);
  await loadEntryToWrite(ctx, caller, id);
}

/**
 * docs/product/feedback-and-progress.md#feedback-rules: a prescribed day of the program, not after tomorrow (UTC).
 */
function checkFeedbackDate(ctx: AppContext, program: FeedbackTargetRow, date: string): void {
  if (date > latestFeedbackDate(ctx.now())) {
    throw badRequest(FEEDBACK_TEXTS.feedbackTooEarly, { date_completed: FEEDBACK_TEXTS.feedbackTooEarly });
  }
  const schedule = {
    startDate: program.start_date,
    endDate: program.end_date,
    daysOfWeek: program.days_of_week as TWeekday[],
  };
  if (!isPrescribedOn(schedule, date)) {
    throw badRequest(FEEDBACK_TEXTS.feedbackNotPrescribed, {
      date_completed: FEEDBACK_TEXTS.feedbackNotPrescribed,
    });
  }
}

async function feedbackResponse(ctx: AppContext, id: number, viewerId: number): Promise<TFeedback> {
  const [row] = await findFeedbackRows(ctx.db, { kind: 'id', id });
  if (!row) throw notFound();
  return toFeedback(ctx, row, viewerId);
}

/** What a repeat of a keyed save needs to answer it afresh (feedback-repeat.ts): no feedback text is kept. */
const savedAnswer = (message: string, feedbackId: number) => ({ message, feedback_id: feedbackId });

/** A client's save, with the file they sent (if any) already stored: removed again when the save fails. */
const savingFeedback = <T>(ctx: AppContext, caller: Caller, input: FeedbackInput, save: () => Promise<T>) =>
  withStoredUploads(ctx, input.upload ? [input.upload] : [], async () => {
    assertMayGiveFeedback(caller);
    return save();
  });

/**
 * POST /feedback/: the client's report on one exercise for one day, with an optional photo or video. Two statements
 * (the target with its schedule, then the entry with its audit row and its answer), plus the media row's insert in
 * the same transaction when a file came. With an Idempotency-Key (`once`) the key is claimed first in that
 * transaction and the entry's id saved with it.
 */
export async function createFeedback(
  ctx: AppContext,
  caller: Caller,
  input: FeedbackInput,
  meta: RequestMeta,
  once?: IdempotentRequest,
  checked?: { exerciseId: number; target: FeedbackTarget },
): Promise<TSaveFeedbackResponse> {
  const { upload } = input;
  const saved = await savingFeedback(ctx, caller, input, async () => {
    // Checked a moment ago in the same request (assertMayGiveFeedbackOn), unless a file was being stored since:
    // an upload can take minutes, and the exercise may have been removed meanwhile.
    const target =
      checked && !upload && checked.exerciseId === input.exercise
        ? checked.target
        : await loadFeedbackTarget(ctx, caller, input.exercise!);
    checkFeedbackDate(ctx, target, input.date_completed!);
    const programId = target.program_id;
    const values = {
      caller_id: caller.id,
      correlation_id: meta.correlationId,
      client: target.client_id,
      entered_by: caller.isCarer ? caller.id : null,
      exercise: input.exercise!,
      program: programId,
      date: input.date_completed!,
      effort: input.effort_rating,
      pain: input.pain ?? null,
      feeling: input.feeling,
      now: ctx.now().toISOString(),
    };
    const write = async (db: Db) => {
      if (once) await claimIdempotencyKey(db, once);
      const media = upload ? await recordMedia(db, upload, { programId, ownerId: caller.id }) : null;
      const [row] = await insertFeedbackEntry(db, { ...values, media });
      if (once) await saveIdempotentAnswer(db, once, savedAnswer(FEEDBACK_TEXTS.feedbackSubmitted, row!.id));
      return row!;
    };
    // Keyed without a file: the key's claim, the entry and its audit row are one statement, as an unkeyed save is.
    const keyedInOneStatement = async (request: IdempotentRequest) => {
      const [row] = await insertKeyedFeedbackEntry(ctx.db, {
        ...keyClaimValues(request),
        ...values,
        media: null,
        message: FEEDBACK_TEXTS.feedbackSubmitted,
      });
      if (!row) throw keyTaken();
      return row;
    };
    try {
      if (once && !upload) return await keyedInOneStatement(once);
      return upload || once ? await inTransaction(ctx.db, write) : await write(ctx.db);
    } catch (error) {
      // The unique index decides between two racing submits: the loser creates nothing (its file goes too).
      if (isUniqueViolation(error)) throw conflict(FEEDBACK_TEXTS.feedbackDuplicate);
      throw error;
    }
  });
  return { message: FEEDBACK_TEXTS.feedbackSubmitted, feedback: toFeedbackEntry(ctx, saved, caller.id) };
}

/**
 * PUT /feedback/{id}/: new effort and feeling; a new `media` part replaces the current file, a missing one keeps
 * it. The entry stays on its exercise and date. With an Idempotency-Key (`once`) the key is claimed first in the
 * update's transaction.
 */
export async function updateFeedback(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: FeedbackInput,
  meta: RequestMeta,
  once?: IdempotentRequest,
): Promise<TSaveFeedbackResponse> {
  const { upload } = input;
  const saved = await savingFeedback(ctx, caller, input, async () => {
    const entry = await loadEntryToWrite(ctx, caller, id);
    const moved: Record<string, string> = {};
    if (input.exercise !== undefined && input.exercise !== entry.exerciseId) {
      moved.exercise = FEEDBACK_TEXTS.feedbackExerciseMismatch;
    }
    if (input.date_completed !== undefined && input.date_completed !== entry.dateCompleted) {
      moved.date_completed = FEEDBACK_TEXTS.feedbackExerciseMismatch;
    }
    if (Object.keys(moved).length) throw invalid(moved);

    const now = ctx.now();
    const result = await inTransaction(ctx.db, async (tx) => {
      if (once) await claimIdempotencyKey(tx, once, savedAnswer(FEEDBACK_TEXTS.feedbackUpdated, id));
      const owner = { programId: entry.programId, ownerId: caller.id };
      const mediaId = upload ? await recordMedia(tx, upload, owner) : undefined;
      const updated = await updateFeedbackRow(tx, id, {
        effortRating: input.effort_rating,
        // Left out of a PUT means "no answer" now, as on the form (schema ZUpdateFeedbackFields).
        pain: input.pain ?? null,
        feeling: input.feeling,
        ...(mediaId === undefined ? {} : { mediaId }),
        now,
      });
      // The program (and the entry with it) went while this request was on its way: roll back, key and media row.
      if (!updated) throw notFound();
      return updated;
    });
    return { ...result, entry };
  });
  // Only once the new state is committed: a failed save must not lose the old file.
  if (saved.replacedStorageKey) await discardStoredFiles(ctx, [saved.replacedStorageKey]);
  await auditFeedback(ctx, caller, 'update', saved.entry.clientId, [id], meta, {
    program_id: saved.entry.programId,
    exercise_id: saved.entry.exerciseId,
    with_media: Boolean(upload),
  });
  return { message: FEEDBACK_TEXTS.feedbackUpdated, feedback: await feedbackResponse(ctx, id, caller.id) };
}
