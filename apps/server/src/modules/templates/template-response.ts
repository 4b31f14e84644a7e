import type { TTemplate, TTemplateExercise } from '@hep/shared/schemas/templates';
import type { AppContext } from '../../context';
import { signedMediaUrl } from '../media/media.service';
import type { TemplateExerciseRow, TemplateRow } from './templates.repository';

/** `viewerId`: the caller, signed into media URLs so that the media log says who watched. */
const toTemplateExercise = (
  ctx: AppContext,
  e: TemplateExerciseRow,
  viewerId: number,
): TTemplateExercise => ({
  id: e.id,
  position: e.position,
  name: e.name,
  instructions: e.instructions,
  sets: e.sets,
  reps: e.reps,
  hold_seconds: e.hold_seconds,
  rest_seconds: e.rest_seconds,
  times_per_day: e.times_per_day,
  side: e.side,
  image_url: e.image_media_id ? signedMediaUrl(ctx, e.image_media_id, viewerId) : null,
  video_url: e.video_media_id ? signedMediaUrl(ctx, e.video_media_id, viewerId) : null,
  image_media_id: e.image_media_id,
  video_media_id: e.video_media_id,
});

/** The one place a template answer is put together. */
export const toTemplate = (ctx: AppContext, row: TemplateRow, viewerId: number): TTemplate => ({
  id: row.id,
  name: row.name,
  days_of_week: row.days_of_week,
  weeks: row.weeks,
  clinic: row.clinic_id,
  created_by: row.created_by_id,
  created_by_name: [row.created_by_first_name, row.created_by_last_name].filter(Boolean).join(' '),
  exercise_count: row.exercises.length,
  created_at: row.created_at,
  updated_at: row.updated_at,
  exercises: row.exercises.map((e) => toTemplateExercise(ctx, e, viewerId)),
});

/** Every media id the template's exercises use: what may become unreferenced when they change or go. */
export const mediaIdsOf = (row: TemplateRow): number[] =>
  row.exercises
    .flatMap((e) => [e.image_media_id, e.video_media_id])
    .filter((id): id is number => id !== null);
