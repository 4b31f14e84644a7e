import { MESSAGES } from '@hep/shared/messages';
import { MEDIA_MAX_BYTES, MEDIA_TYPES } from '@hep/shared/schemas/programs';

export type ExerciseMediaKind = 'image' | 'video';

const EXTENSIONS: Record<ExerciseMediaKind, readonly string[]> = {
  image: ['jpeg', 'jpg', 'png', 'gif', 'webp'],
  video: ['mp4', 'webm', 'mov'],
};
const MIME_TYPES: Record<ExerciseMediaKind, readonly string[]> = {
  image: MEDIA_TYPES.exerciseImage,
  video: MEDIA_TYPES.exerciseVideo,
};

/**
 * The quick check before sending (spec section 5): the browser's MIME type when it gives one, else the file
 * name's extension; then the 50 MB limit. The server checks the bytes themselves. Returns the message or null.
 */
export function checkExerciseFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  kind: ExerciseMediaKind,
): string | null {
  const mime = file.type.toLowerCase();
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk =
    mime && mime !== 'application/octet-stream'
      ? MIME_TYPES[kind].includes(mime)
      : EXTENSIONS[kind].includes(extension);
  if (!typeOk) return kind === 'image' ? MESSAGES.invalidImageType : MESSAGES.invalidVideoType;
  if (file.size > MEDIA_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/** A file size for people: "850 KB", "12.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
