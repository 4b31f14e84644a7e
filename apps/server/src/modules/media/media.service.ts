import type { Readable } from 'node:stream';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/client';
import type { UploadSink } from '../../lib/multipart-form';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError, notFound } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { parseRange } from './http-range';
import { mediaStoreOf } from './media-store';
import { discardStoredFiles, storeUpload, type StoredUpload, type UploadPurpose } from './media-upload';
import { type MediaUrlQuery, verifyMediaUrl } from './media-urls';
import {
  deleteUnreferencedMedia,
  findMediaForServing,
  findMediaIdsOfProgram,
  findUsableMediaIds,
  holdProgramMedia,
  insertMedia,
} from './media.repository';

// What the programs and feedback modules use of media: uploads in, rows for them, signed URLs out.
export type { StoredUpload, UploadPurpose } from './media-upload';
export { discardStoredFiles } from './media-upload';
export { signedMediaUrl } from './media-urls';
// What a backup reads and a restore writes (modules/backups): the store's files by storage key.
export { type MediaStore, mediaStoreFor } from './media-store';
export { checkedStorageKey } from './storage-key';

/** Form file parts go straight into the media store (checked, metadata stripped); a failed request's are removed. */
export const mediaUploads = (ctx: AppContext): UploadSink<StoredUpload, UploadPurpose> => ({
  store: (part, purpose) => storeUpload(ctx, part, purpose),
  discard: (uploads) =>
    discardStoredFiles(
      ctx,
      uploads.map((u) => u.storageKey),
    ),
});

/**
 * Runs `save` with the files a request stored; if anything fails, those files are removed (the database side
 * rolls back by itself), so a failed save leaves nothing behind.
 */
export async function withStoredUploads<T>(
  ctx: AppContext,
  uploads: StoredUpload[],
  save: () => Promise<T>,
): Promise<T> {
  const stored = uploads.map((u) => u.storageKey);
  try {
    return await save();
  } catch (error) {
    await discardStoredFiles(ctx, stored);
    throw error;
  }
}

/**
 * Records a stored upload as a media row, inside the caller's transaction. `programId`: the program it was uploaded
 * for (exercise or feedback media), null for a library item's or template's.
 */
export const recordMedia = (
  tx: Db,
  upload: StoredUpload,
  owner: { programId: number | null; ownerId: number },
) => insertMedia(tx, { ...upload, ...owner });

/**
 * docs/product/library-and-templates.md#media-by-reference: checks that the caller may reuse each of `ids` by
 * reference (its clinic's library or templates, or a program in its scope); any other id answers 404, so nothing is
 * created and nothing is given away.
 */
export async function assertUsableMedia(tx: Db, caller: Caller, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const usable = await findUsableMediaIds(tx, caller, wanted);
  if (wanted.some((id) => !usable.has(id))) throw notFound();
}

export { holdProgramMedia };

/** Media ids a program's deletion may leave unreferenced: read before the program row goes. */
export const mediaIdsOfProgram = (tx: Db, programId: number) => findMediaIdsOfProgram(tx, programId);

/**
 * Deletes the media rows among `ids` that nothing references any more, in the caller's transaction; returns
 * their storage keys, whose files the caller removes (discardStoredFiles) after the commit.
 */
export const removeUnreferencedMedia = (tx: Db, ids: (number | null | undefined)[]) =>
  deleteUnreferencedMedia(
    tx,
    ids.filter((id): id is number => typeof id === 'number'),
  );

interface ServeMediaInput {
  id: number;
  query: MediaUrlQuery;
  /** The request's Range and If-Range headers. */
  range?: string;
  ifRange?: string;
  /** A HEAD request: headers only, and not a playback. */
  headOnly: boolean;
}

interface ServedMedia {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable | null;
}

/**
 * Serves a file behind a signed URL, whole or one byte range. A bad, expired or unknown link answers the same
 * 404, so a link gives away nothing. One audit row per playback: a request without a range or from byte 0 (a
 * video that seeks sends many range requests, which are not new views).
 */
export async function serveMedia(
  ctx: AppContext,
  input: ServeMediaInput,
  meta: RequestMeta,
): Promise<ServedMedia> {
  if (!verifyMediaUrl(ctx, input.id, input.query)) throw notFound();
  const row = await findMediaForServing(ctx.db, input.id, input.query.u ?? null);
  if (!row) throw notFound();
  const store = mediaStoreOf(ctx);
  const file = await store.stat(row.storageKey);
  if (!file) throw notFound();

  const etag = `"${row.sha256}"`;
  const headers: Record<string, string> = {
    'content-type': row.mime,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
    // A file opened on its own is a document of our origin: an SVG's scripts or links must do nothing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    etag,
  };
  // A range only applies to the version of the file the client already has part of.
  const rangeHeader = input.ifRange && input.ifRange !== etag ? undefined : input.range;
  const range = parseRange(rangeHeader, file.size);
  if (range.kind === 'unsatisfiable') {
    throw new AppError(
      416,
      'range_not_satisfiable',
      /*i18n*/ 'The requested range is not available.',
      undefined,
      {
        'content-range': `bytes */${file.size}`,
      },
    );
  }

  if (!input.headOnly && (range.kind === 'whole' || range.start === 0)) {
    const viewer = row.viewerId === null ? null : { id: row.viewerId };
    await writeAudit(
      ctx.db,
      auditEntries(viewer, 'read', { entity: 'media', ids: [row.id], subjectUserId: row.clientId }, meta, {
        kind: row.kind,
      }),
    );
  }

  if (range.kind === 'whole') {
    headers['content-length'] = String(file.size);
    return { status: 200, headers, body: input.headOnly ? null : await store.read(row.storageKey) };
  }
  headers['content-length'] = String(range.end - range.start + 1);
  headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
  return {
    status: 206,
    headers,
    body: input.headOnly ? null : await store.read(row.storageKey, { start: range.start, end: range.end }),
  };
}
