import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { AppContext } from '../../context';
import { signedMediaUrl } from '../media/media.service';
import type { FeedbackRow } from './feedback.repository';

/**
 * One entry as the API returns it. The media comes as a short-lived signed URL made for the viewer (so that the
 * media log says who watched), under image_url or video_url by its kind.
 */
export function toFeedback(ctx: AppContext, row: FeedbackRow, viewerId: number): TFeedback {
  const f = row.feedback;
  const url = f.mediaId === null ? null : signedMediaUrl(ctx, f.mediaId, viewerId);
  return {
    id: f.id,
    exercise: f.exerciseId,
    exercise_name: row.exerciseName,
    program: f.programId,
    client: f.clientId,
    date_completed: f.dateCompleted,
    effort_rating: f.effortRating,
    feeling: f.feeling,
    image_url: row.mediaKind === 'image' ? url : null,
    video_url: row.mediaKind === 'video' ? url : null,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
