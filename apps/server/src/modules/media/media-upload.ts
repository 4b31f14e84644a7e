import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../context';

// INTERFACE CONTRACT (the media helper implements the bodies; the programs and feedback modules call these).

/** What a file part is for: decides the accepted types (spec section 5) and the error message. */
export type UploadPurpose = 'exercise-image' | 'exercise-video' | 'feedback';

/** A file in the media store that has no database row yet. */
export interface StoredUpload {
  storageKey: string;
  kind: 'image' | 'video';
  mime: string;
  size: number;
  sha256: string;
}

/**
 * Streams one multipart file part into the media store, never holding the whole file in memory: checks the
 * type from the bytes (not the name) against the purpose, removes photo/video metadata (GPS, device), and
 * enforces the 50 MB limit. Throws AppError 400 (MESSAGES.invalidImageType / invalidVideoType, or the
 * feedback media message) or 413 (MESSAGES.fileTooLarge); on any failure no file is left behind.
 */
export async function storeUpload(
  _ctx: AppContext,
  _file: MultipartFile,
  _purpose: UploadPurpose,
): Promise<StoredUpload> {
  throw new Error('not implemented yet');
}

/** Best-effort removal of stored files whose database transaction failed (or that are no longer wanted). */
export async function discardStoredFiles(_ctx: AppContext, _storageKeys: string[]): Promise<void> {
  throw new Error('not implemented yet');
}

/** Copies a stored file under a new key (replicating a program copies its media); returns the new key. */
export async function copyStoredFile(_ctx: AppContext, _storageKey: string): Promise<string> {
  throw new Error('not implemented yet');
}
