import { MESSAGES } from '@hep/shared/messages';
import { MEDIA_TYPES } from '@hep/shared/schemas/programs';
import { checkMediaFile } from '../../../lib/media-file';

export type ExerciseMediaKind = 'image' | 'video';

const EXTENSIONS: Record<ExerciseMediaKind, readonly string[]> = {
  image: ['jpeg', 'jpg', 'png', 'gif', 'webp'],
  video: ['mp4', 'webm', 'mov'],
};
const MIME_TYPES: Record<ExerciseMediaKind, readonly string[]> = {
  image: MEDIA_TYPES.exerciseImage,
  video: MEDIA_TYPES.exerciseVideo,
};

/** The quick check of an exercise's photo or video before sending (see lib/media-file.ts). */
export function checkExerciseFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  kind: ExerciseMediaKind,
): string | null {
  return checkMediaFile(file, {
    mimeTypes: MIME_TYPES[kind],
    extensions: EXTENSIONS[kind],
    invalidType: kind === 'image' ? MESSAGES.invalidImageType : MESSAGES.invalidVideoType,
  });
}
