import { MEDIA_MAX_BYTES, MEDIA_TYPES } from '@hep/shared/schemas/programs';
import { MESSAGES } from '@hep/shared/messages';
import type { ExerciseMediaKind } from './exercise-content';

interface MediaRule {
  /** The MIME types taken, lower case. */
  mimeTypes: readonly string[];
  /** The file name extensions taken when the browser gives no MIME type, lower case, no dot. */
  extensions: readonly string[];
  /** The message for a file of another type. */
  invalidType: string;
}

/**
 * The quick check of a chosen photo or video before sending (docs/product/programs-and-exercises.md#media): the
 * browser's MIME type when it gives one, else the file name's extension; then the 50 MB limit. The server checks the
 * bytes themselves. Returns the message to show, or null.
 */
export function checkMediaFile(file: Pick<File, 'name' | 'type' | 'size'>, rule: MediaRule): string | null {
  const mime = file.type.toLowerCase();
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk =
    mime && mime !== 'application/octet-stream'
      ? rule.mimeTypes.includes(mime)
      : rule.extensions.includes(extension);
  if (!typeOk) return rule.invalidType;
  if (file.size > MEDIA_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

// An exercise's photo or video takes the same types wherever the exercise lives: a library item's or a template's
// files go into programs by reference.
const EXERCISE_RULES: Record<ExerciseMediaKind, MediaRule> = {
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
};

/** The quick check of an exercise's chosen photo or video (type, 50 MB); the server checks the bytes. */
export function checkExerciseFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  kind: ExerciseMediaKind,
): string | null {
  return checkMediaFile(file, EXERCISE_RULES[kind]);
}

/** A file size for people: "850 KB", "12.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
