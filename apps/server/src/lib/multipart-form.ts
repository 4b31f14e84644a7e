import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@hep/shared/limits';
import { badRequest } from './app-error';
import { invalid, invalidTextField } from './field-errors';
import { finishBeforeExit } from './unfinished-work';
import { isUnreadableUpload } from './unreadable-upload';

/**
 * Multipart parsing for the routes of the calling route module, and for no others: the plugin adds a hook before
 * and after every request of its scope (a listener on the answer's close, a clean-up of saved files we never save),
 * about 6% of a cheap read's CPU (docs/decisions/035-a-requests-fixed-cost.md). Elsewhere a multipart body is
 * answered 415. Uploads stream part by part (modules/media/media-upload.ts); the plugin's 1 MiB default would refuse
 * real videos.
 */
export async function registerForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.mediaMaxBytes,
      files: 100,
      fields: 100,
      fieldSize: 1024 * 1024,
      parts: 200,
      headerPairs: 100,
    },
  });
}

/** What a form route consumes (its OpenAPI `consumes`): multipart with files, or JSON without. */
export const FORM_CONTENT_TYPES = ['multipart/form-data', 'application/json'];

/** A file part already streamed to its destination, by its multipart field name. */
export interface ReceivedFile<U> {
  field: string;
  upload: U;
}

/** A request's form: its fields (strings, or JSON values for a JSON body) and the files it carried. */
export interface ReceivedForm<U> {
  fields: Record<string, unknown>;
  files: ReceivedFile<U>[];
}

/** Which purpose a file part serves, by its field name; null refuses the part. */
export type PurposeOf<P> = (field: string) => P | null;

/** Where file parts go: `store` streams one part in; `discard` removes what a failed request stored. */
export interface UploadSink<U, P> {
  store: (part: MultipartFile, purpose: P) => Promise<U>;
  discard: (uploads: U[]) => Promise<void>;
}

interface FormReading<U, P, T> {
  sink: UploadSink<U, P>;
  purposeOf: PurposeOf<P>;
  /**
   * Runs once, with the fields read so far, before the first file part is stored (or after the last part when no
   * file came): the place to refuse a target outside the caller's scope before any byte is written. So the fields
   * that name the target must come before the files, as the web app sends them. The service checks the scope again
   * when it writes, on purpose: an upload can take minutes, and the program may be edited or deleted meanwhile.
   */
  beforeFiles?: (fields: Record<string, unknown>) => Promise<void>;
  /** Checks the whole form (fields and files); a throw removes the stored files before the error goes out. */
  parse: (form: ReceivedForm<U>) => T | Promise<T>;
}

async function readParts<U, P>(
  request: FastifyRequest,
  reading: Pick<FormReading<U, P, unknown>, 'sink' | 'purposeOf'>,
  beforeFirstFile: () => Promise<void>,
  form: ReceivedForm<U>,
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      // Refused as it arrives, before any later file is stored; JSON inside a field is checked once parsed.
      const badText = invalidTextField({ [part.fieldname]: value });
      if (badText) throw invalid(badText);
      const previous = form.fields[part.fieldname];
      form.fields[part.fieldname] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      continue;
    }
    if (!part.filename) {
      // An empty file input: browsers still send the part, with no name and no bytes.
      part.file.resume();
      continue;
    }
    const purpose = reading.purposeOf(part.fieldname);
    if (!purpose)
      throw badRequest(/*i18n*/ 'This file field is not expected here.', {
        [part.fieldname]: /*i18n*/ 'Unexpected file.',
      });
    if (form.files.some((f) => f.field === part.fieldname)) {
      throw badRequest(/*i18n*/ 'Only one file per field.', {
        [part.fieldname]: /*i18n*/ 'Only one file per field.',
      });
    }
    await beforeFirstFile();
    form.files.push({ field: part.fieldname, upload: await reading.sink.store(part, purpose) });
  }
}

/**
 * Reads a form request. Multipart: fields are collected (a repeated field becomes a list) and each file part is
 * streamed straight to the sink as it arrives, never held in memory. A JSON body is accepted too (no files). If
 * reading or `parse` fails, the files already stored are removed before the error goes out; after that, the
 * caller owns them.
 */
export function readMultipartForm<U, P, T>(
  request: FastifyRequest,
  reading: FormReading<U, P, T>,
): Promise<T> {
  // A cut connection's form is still removing its stored files when the request is gone: shutdown waits for it.
  return finishBeforeExit(readForm(request, reading));
}

async function readForm<U, P, T>(request: FastifyRequest, reading: FormReading<U, P, T>): Promise<T> {
  let checked = false;
  const check = async (fields: Record<string, unknown>) => {
    if (checked) return;
    checked = true;
    await reading.beforeFiles?.(fields);
  };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw badRequest(/*i18n*/ 'The request could not be read.');
    }
    const form = { fields: (body as Record<string, unknown> | undefined) ?? {}, files: [] };
    await check(form.fields);
    return reading.parse(form);
  }
  const form: ReceivedForm<U> = { fields: {}, files: [] };
  try {
    await readParts(request, reading, () => check(form.fields), form);
    await check(form.fields);
    return await reading.parse(form);
  } catch (error) {
    await reading.sink.discard(form.files.map((f) => f.upload));
    if (isUnreadableUpload(error))
      throw badRequest(/*i18n*/ 'The upload could not be read. Please try again.');
    throw error;
  }
}
