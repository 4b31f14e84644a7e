import { z } from 'zod';
import type { TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { loadProgramInScope } from '../programs/programs.service';
import { toFeedback } from './feedback-response';
import { ownsFeedback } from './feedback.policy';
import { findFeedbackRows } from './feedback.repository';
import { auditFeedback } from './feedback.service';

/** What a keyed save stored for its repeats (feedback.service savedAnswer). */
const ZSavedAnswer = z.object({ message: z.string(), feedback_id: z.number().int() });

/**
 * The answer to a repeat of a keyed POST or PUT: the entry read now, in the first answer's shape, so that its media
 * URL is freshly signed and not an hour-old one. An entry gone since (its program deleted) answers 404, as would a
 * program the client can no longer see. Audited as a read of the entry.
 */
export async function answerSavedFeedback(
  ctx: AppContext,
  caller: Caller,
  stored: unknown,
  meta: RequestMeta,
): Promise<TSaveFeedbackResponse> {
  const { message, feedback_id: id } = ZSavedAnswer.parse(stored);
  const [row] = await findFeedbackRows(ctx.db, { kind: 'id', id });
  // A carer's repeat answers the entry they entered, while their link still shows them the program.
  const entered = caller.isCarer && row?.feedback.enteredById === caller.id;
  if (!row || (!ownsFeedback(caller, row.feedback) && !entered)) throw notFound();
  await loadProgramInScope(ctx, caller, row.feedback.programId, 'view');
  await auditFeedback(ctx, caller, 'read', row.feedback.clientId, [id], meta, {
    program_id: row.feedback.programId,
    exercise_id: row.feedback.exerciseId,
    repeated_request: true,
  });
  return { message, feedback: toFeedback(ctx, row, caller.id) };
}
