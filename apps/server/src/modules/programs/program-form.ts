import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { isUnreadableUpload } from '../../lib/unreadable-upload';
import { discardStoredFiles, storeUpload, type UploadPurpose } from '../media/media-upload';
import type { ReceivedFile, ReceivedForm } from './program-input';

/** Which purpose a file part serves, by its field name; null refuses the part. */
export type PurposeOf = (field: string) => UploadPurpose | null;

const EXERCISE_FILE = /^exercise_\d+_(image|video)$/;

/** Program saves and batch_create: `exercise_{n}_image` / `exercise_{n}_video`. */
export const exerciseListFiles: PurposeOf = (field) => {
  const match = EXERCISE_FILE.exec(field);
  if (!match) return null;
  return match[1] === 'image' ? 'exercise-image' : 'exercise-video';
};

/** POST/PUT /exercises/: `image` and `video`. */
export const singleExerciseFiles: PurposeOf = (field) =>
  field === 'image' ? 'exercise-image' : field === 'video' ? 'exercise-video' : null;

/**
 * Reads a save request. Multipart: fields are collected (a repeated field becomes a list) and each file part is
 * streamed straight into the media store as it arrives, never held in memory. A JSON body is accepted too (no
 * files). If reading fails half-way, the files already stored are removed before the error goes out.
 */
export async function readSaveForm(
  ctx: AppContext,
  request: FastifyRequest,
  purposeOf: PurposeOf,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw badRequest('The request could not be read.');
    }
    return { fields: (body as Record<string, unknown> | undefined) ?? {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
        continue;
      }
      if (!part.filename) {
        // An empty file input: browsers still send the part, with no name and no bytes.
        part.file.resume();
        continue;
      }
      const purpose = purposeOf(part.fieldname);
      if (!purpose)
        throw badRequest('This file field is not expected here.', { [part.fieldname]: 'Unexpected file.' });
      if (files.some((f) => f.field === part.fieldname)) {
        throw badRequest('Only one file per field.', { [part.fieldname]: 'Only one file per field.' });
      }
      files.push({ field: part.fieldname, upload: await storeUpload(ctx, part, purpose) });
    }
  } catch (error) {
    await discardStoredFiles(
      ctx,
      files.map((f) => f.upload.storageKey),
    );
    if (isUnreadableUpload(error)) throw badRequest('The upload could not be read. Please try again.');
    throw error;
  }
  return { fields, files };
}
