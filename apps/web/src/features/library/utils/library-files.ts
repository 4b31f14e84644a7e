import { MESSAGES } from '@hep/shared/messages';
import { MEDIA_TYPES } from '@hep/shared/schemas/programs';
import { checkMediaFile } from '../../../lib/media-file';

export type LibraryMediaKind = 'image' | 'video';

// The same types a program's exercise takes: a library item's media goes into programs by reference.
const RULES = {
  image: {
    mimeTypes: MEDIA_TYPES.exerciseImage,
    extensions: ['jpeg', 'jpg', 'png', 'gif', 'webp'],
    invalidType: MESSAGES.invalidImageType,
  },
  video: {
    mimeTypes: MEDIA_TYPES.exerciseVideo,
    extensions: ['mp4', 'webm', 'mov'],
    invalidType: MESSAGES.invalidVideoType,
  },
} as const;

/** The quick check of a chosen photo or video (type, 50 MB); the server checks the bytes. */
export function checkLibraryFile(file: Pick<File, 'name' | 'type' | 'size'>, kind: LibraryMediaKind) {
  return checkMediaFile(file, RULES[kind]);
}
