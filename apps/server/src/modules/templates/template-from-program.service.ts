import { weeksOfProgram } from '@hep/shared/domain/program-weeks';
import { TEMPLATE_MAX_EXERCISES, TEMPLATE_MESSAGES, type TTemplate } from '@hep/shared/schemas/templates';
import type { AppContext, Caller } from '../../context';
import { dosageValues } from '../../lib/dosage';
import { invalid } from '../../lib/field-errors';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { loadProgramInScope, loadPrograms } from '../programs/programs.service';
import { insertTemplateWithExercises } from './templates.service';

/**
 * POST /templates/from-program/: a program in the caller's write scope (else 404) becomes a template: its days, its
 * length in weeks, and its current exercises with their dosage and media BY REFERENCE (no bytes copied: the media
 * are the program's own, which its care team may reuse, docs/product/library-and-templates.md#media-by-reference).
 */
export async function createTemplateFromProgram(
  ctx: AppContext,
  caller: Caller,
  input: { program_id: number; name: string },
  meta: RequestMeta,
): Promise<TTemplate> {
  const row = await loadProgramInScope(ctx, caller, input.program_id, 'write');
  const [program] = await loadPrograms(ctx, { kind: 'id', id: input.program_id }, caller.id);
  const exercises = (program?.exercises ?? []).slice(0, TEMPLATE_MAX_EXERCISES);
  if (exercises.length === 0) throw invalid({ program_id: TEMPLATE_MESSAGES.programWithoutExercises });
  const values = {
    name: input.name,
    daysOfWeek: program!.days_of_week,
    weeks: weeksOfProgram(program!.start_date, program!.end_date),
  };
  const list = exercises.map((e) => ({
    name: e.name,
    instructions: e.instructions,
    imageMediaId: e.image_media_id,
    videoMediaId: e.video_media_id,
    ...dosageValues(e),
  }));
  return inTransaction(ctx.db, (tx) =>
    insertTemplateWithExercises(tx, ctx, caller, values, list, {
      meta,
      subjectUserId: row.program.clientId,
      details: { program_id: input.program_id },
    }),
  );
}
