import { createHash, randomUUID } from 'node:crypto';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { LIMITS } from '@hep/shared/limits';
import { MEDIA_TYPES } from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/app-error';
import { mediaStoreOf, uploadTempDir } from './media-store';
import { newStorageKey } from './storage-key';
import { fileSource, MalformedMediaError } from './strip/byte-source';
import { planChunks } from './strip/plan';
import { stripMetadata } from './strip/strip';

// The upload pipeline; other modules reach it through media.service.ts (mediaUploads, discardStoredFiles, ...).

/**
 * What a file part is for: decides the accepted types (docs/product/programs-and-exercises.md#media,
 * docs/product/feedback-and-progress.md#feedback-form, docs/product/messages.md#calls) and the error message.
 */
export type UploadPurpose =
  'exercise-image' | 'exercise-video' | 'feedback' | 'message-image' | 'message-video';

/** A file in the media store that has no database row yet. */
export interface StoredUpload {
  storageKey: string;
  kind: 'image' | 'video';
  mime: string;
  size: number;
  sha256: string;
}

const ACCEPTED: Record<UploadPurpose, readonly string[]> = {
  'exercise-image': MEDIA_TYPES.exerciseImage,
  'exercise-video': MEDIA_TYPES.exerciseVideo,
  feedback: [...MEDIA_TYPES.feedbackImage, ...MEDIA_TYPES.feedbackVideo],
  // A message's photo or video: what feedback takes of each kind, in the part named for that kind.
  'message-image': MEDIA_TYPES.feedbackImage,
  'message-video': MEDIA_TYPES.feedbackVideo,
};

const REFUSAL: Record<UploadPurpose, string> = {
  'exercise-image': VALIDATION_TEXTS.invalidImageType,
  'exercise-video': VALIDATION_TEXTS.invalidVideoType,
  feedback: FEEDBACK_TEXTS.feedbackMediaInvalid,
  'message-image': /*i18n*/ 'Please choose a photo (JPEG, PNG or GIF).',
  'message-video': /*i18n*/ 'Please choose a video (MP4, AVI or MOV).',
};

/** file-type's names for types our lists spell another way. */
const ALIASES: Record<string, string> = {
  'video/vnd.avi': 'video/x-msvideo',
  'video/x-m4v': 'video/mp4',
};

export const fileTooLarge = (field?: string) =>
  new AppError(
    413,
    'payload_too_large',
    VALIDATION_TEXTS.fileTooLarge,
    field ? { [field]: VALIDATION_TEXTS.fileTooLarge } : undefined,
  );

/** The type read from the file's first bytes (never its name or the browser's claim), or null. */
async function detectMime(file: string): Promise<string | null> {
  const detected = await fileTypeFromFile(file);
  return detected ? (ALIASES[detected.mime] ?? detected.mime) : null;
}

/**
 * Streams one multipart file part into the media store, never holding the whole file in memory: checks the
 * type from the bytes (not the name) against the purpose, removes photo/video metadata (GPS, device), and
 * enforces the 50 MB limit. Throws AppError 400 (VALIDATION_TEXTS.invalidImageType / invalidVideoType, or the
 * feedback or message media message) or 413 (VALIDATION_TEXTS.fileTooLarge); on any failure no file is left behind.
 */
export async function storeUpload(
  ctx: AppContext,
  file: MultipartFile,
  purpose: UploadPurpose,
): Promise<StoredUpload> {
  const tempDir = uploadTempDir(ctx);
  await mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `upload-${randomUUID()}`);
  try {
    await pipeline(file.file, createWriteStream(temp, { flags: 'wx' }));
    // The multipart plugin stops a part at its fileSize limit and marks it truncated.
    if (file.file.truncated) throw fileTooLarge(file.fieldname);

    const refuse = () => badRequest(REFUSAL[purpose], { [file.fieldname]: REFUSAL[purpose] });
    const mime = await detectMime(temp);
    if (!mime || !ACCEPTED[purpose].includes(mime)) throw refuse();

    const handle = await open(temp, 'r');
    try {
      const { size: rawSize } = await handle.stat();
      if (rawSize > LIMITS.mediaMaxBytes) throw fileTooLarge(file.fieldname);
      const source = fileSource(handle, rawSize);
      const plan = await stripMetadata(mime, source).catch((error: unknown) => {
        throw error instanceof MalformedMediaError ? refuse() : error;
      });
      const hash = createHash('sha256');
      let size = 0;
      const storageKey = newStorageKey();
      await mediaStoreOf(ctx).put(
        storageKey,
        (async function* () {
          for await (const chunk of planChunks(source, plan)) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        })(),
      );
      return {
        storageKey,
        kind: mime.startsWith('image/') ? 'image' : 'video',
        mime,
        size,
        sha256: hash.digest('hex'),
      };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(temp, { force: true });
  }
}

/** Best-effort removal of stored files whose database transaction failed (or that are no longer wanted). */
export async function discardStoredFiles(ctx: AppContext, storageKeys: string[]): Promise<void> {
  const store = mediaStoreOf(ctx);
  await Promise.allSettled(storageKeys.map((key) => store.delete(key)));
}
