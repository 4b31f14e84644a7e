import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { AppContext } from '../../context';
import { signedMediaUrl } from '../media/media.service';
import type { FeedbackEntryRow } from './feedback-statements.repository';
import type { FeedbackRow } from './feedback.repository';

/**
 * One entry as the API returns it. The media comes as a short-lived signed URL made for the viewer (so that the
 * media log says who watched), under image_url or video_url by its kind.
 */
export function toFeedback(ctx: AppContext, row: FeedbackRow, viewerId: number): TFeedback {
  const f = row.feedback;
  return toFeedbackEntry(
    ctx,
    {
      id: f.id,
      exercise_id: f.exerciseId,
      exercise_name: row.exerciseName,
      program_id: f.programId,
      client_id: f.clientId,
      date_completed: f.dateCompleted,
      effort_rating: f.effortRating,
      pain: f.pain,
      feeling: f.feeling,
      media_id: f.mediaId,
      media_kind: row.mediaKind as FeedbackEntryRow['media_kind'],
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
      entered_by_id: f.enteredById,
      entered_by_name: row.enteredByName,
    },
    viewerId,
  );
}

/** An entry as a hot-path statement shaped it (times already ISO); only the media URL is made here. */
export function toFeedbackEntry(ctx: AppContext, row: FeedbackEntryRow, viewerId: number): TFeedback {
  const url = row.media_id === null ? null : signedMediaUrl(ctx, row.media_id, viewerId);
  return {
    id: row.id,
    exercise: row.exercise_id,
    exercise_name: row.exercise_name,
    program: row.program_id,
    client: row.client_id,
    date_completed: row.date_completed,
    effort_rating: row.effort_rating,
    pain: row.pain,
    feeling: row.feeling,
    image_url: row.media_kind === 'image' ? url : null,
    video_url: row.media_kind === 'video' ? url : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Only a carer enters feedback for someone else (docs/product/carers.md#levels).
    entered_by:
      row.entered_by_id === null
        ? null
        : { id: row.entered_by_id, name: row.entered_by_name ?? '', role: 'carer' },
  };
}
