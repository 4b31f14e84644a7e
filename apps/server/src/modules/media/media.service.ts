import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { parseRange } from './http-range';
import { mediaStoreOf } from './media-store';
import { type MediaUrlQuery, verifyMediaUrl } from './media-urls';
import { findMediaForServing } from './media.repository';

export interface ServeMediaInput {
  id: number;
  query: MediaUrlQuery;
  /** The request's Range and If-Range headers. */
  range?: string;
  ifRange?: string;
  /** A HEAD request: headers only, and not a playback. */
  headOnly: boolean;
}

export interface ServedMedia {
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
    etag,
  };
  // A range only applies to the version of the file the client already has part of.
  const rangeHeader = input.ifRange && input.ifRange !== etag ? undefined : input.range;
  const range = parseRange(rangeHeader, file.size);
  if (range.kind === 'unsatisfiable') {
    throw new AppError(416, 'range_not_satisfiable', 'The requested range is not available.', undefined, {
      'content-range': `bytes */${file.size}`,
    });
  }

  if (!input.headOnly && (range.kind === 'whole' || range.start === 0)) {
    await writeAudit(ctx.db, {
      actorId: row.viewerId,
      action: 'read',
      entity: 'media',
      entityId: row.id,
      subjectUserId: row.clientId,
      correlationId: meta.correlationId,
      details: { kind: row.kind },
    });
  }

  if (range.kind === 'whole') {
    headers['content-length'] = String(file.size);
    return { status: 200, headers, body: input.headOnly ? null : store.read(row.storageKey) };
  }
  headers['content-length'] = String(range.end - range.start + 1);
  headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
  return {
    status: 206,
    headers,
    body: input.headOnly ? null : store.read(row.storageKey, { start: range.start, end: range.end }),
  };
}
