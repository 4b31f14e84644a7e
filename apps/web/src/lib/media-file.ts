import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MEDIA_MAX_BYTES, MEDIA_TYPES } from '@hep/shared/schemas/programs';
import { formatNumber } from './intl-date';
import type { ExerciseMediaKind } from './exercise-content';

interface MediaRule {
  /** The MIME types taken, lower case. */
  mimeTypes: readonly string[];
  /** The file name extensions taken when the browser gives no MIME type, lower case, no dot. */
  extensions: readonly string[];
  /** The message for a file of another type (a descriptor is shown in the active language). */
  invalidType: string | MessageDescriptor;
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
  if (!typeOk) return typeof rule.invalidType === 'string' ? rule.invalidType : i18n._(rule.invalidType);
  if (file.size > MEDIA_MAX_BYTES) return i18n._(msg`File size must be less than 50MB`);
  return null;
}

// An exercise's photo or video takes the same types wherever the exercise lives: a library item's or a template's
// files go into programs by reference.
const EXERCISE_RULES: Record<ExerciseMediaKind, MediaRule> = {
  image: {
    mimeTypes: MEDIA_TYPES.exerciseImage,
    extensions: ['jpeg', 'jpg', 'png', 'gif', 'webp'],
    invalidType: msg`Invalid image file type`,
  },
  video: {
    mimeTypes: MEDIA_TYPES.exerciseVideo,
    extensions: ['mp4', 'webm', 'mov'],
    invalidType: msg`Invalid video file type`,
  },
};

/** The quick check of an exercise's chosen photo or video (type, 50 MB); the server checks the bytes. */
export function checkExerciseFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  kind: ExerciseMediaKind,
): string | null {
  return checkMediaFile(file, EXERCISE_RULES[kind]);
}

/** A file size for people, in the active language: "850 KB", "12.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    const size = formatNumber(Math.max(1, Math.round(bytes / 1024)));
    return i18n._(msg({ message: `${size} KB`, comment: 'a file size in kilobytes' }));
  }
  const size = formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return i18n._(msg({ message: `${size} MB`, comment: 'a file size in megabytes' }));
}

/**
 * A client's photo or video, in feedback and in messages: the file input's accept list (JPEG, PNG, GIF, MP4, AVI,
 * QuickTime MOV: docs/product/feedback-and-progress.md#feedback-form).
 */
export const PHOTO_OR_VIDEO_ACCEPT = [
  ...MEDIA_TYPES.feedbackImage,
  ...MEDIA_TYPES.feedbackVideo,
  'video/avi',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.mp4',
  '.avi',
  '.mov',
].join(',');

const PHOTO_OR_VIDEO_RULE: MediaRule = {
  // Browsers name AVI files differently: all of these are the same container.
  mimeTypes: [...MEDIA_TYPES.feedbackImage, ...MEDIA_TYPES.feedbackVideo, 'video/avi', 'video/msvideo'],
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'mp4', 'avi', 'mov'],
  invalidType: msg`Please upload only images (JPEG, PNG, GIF) or videos (MP4, AVI, MOV).`,
};

/** The quick check of a client's chosen photo or video (type, 50 MB). Returns the message to show, or null. */
export function checkPhotoOrVideo(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  return checkMediaFile(file, PHOTO_OR_VIDEO_RULE);
}
