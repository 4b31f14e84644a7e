import type { TLibraryExercise } from '@hep/shared/schemas/library';
import type { AppContext } from '../../context';
import { dosageFields } from '../../lib/dosage';
import { signedMediaUrl } from '../media/media.service';
import type { LibraryRow } from './library.repository';

/** An item as the API returns it, its media as URLs signed for the viewer. */
export const toLibraryExercise = (ctx: AppContext, row: LibraryRow, viewerId: number): TLibraryExercise => ({
  id: row.id,
  name: row.name,
  instructions: row.instructions,
  tags: row.tags,
  translations: row.translations,
  ...dosageFields(row),
  image_url: row.imageMediaId ? signedMediaUrl(ctx, row.imageMediaId, viewerId) : null,
  video_url: row.videoMediaId ? signedMediaUrl(ctx, row.videoMediaId, viewerId) : null,
  image_media_id: row.imageMediaId,
  video_media_id: row.videoMediaId,
  starter: row.starterKey !== null,
  clinic: row.clinicId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
