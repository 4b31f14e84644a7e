import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { safeEqual } from '../../lib/crypto';

/** Links live an hour at least. */
const MEDIA_URL_TTL_SECONDS = 60 * 60;
/**
 * Expiry times are rounded up to this step, so that the same picture keeps the same URL for a few minutes across
 * refetches and the browser's cache can serve it (a link is valid between 60 and 65 minutes).
 */
const EXPIRY_STEP_SECONDS = 5 * 60;

// The key also signs access tokens: the 'media:' prefix keeps the two kinds of signature apart.
const signatureOf = (ctx: AppContext, payload: string) =>
  createHmac('sha256', ctx.secretKey).update(`media:${payload}`).digest('base64url');

/** What is signed: the media id and the expiry, plus the viewer when the URL was made for one. */
const payloadOf = (mediaId: number, exp: number, viewer?: number) =>
  viewer === undefined ? `${mediaId}.${exp}` : `${mediaId}.${exp}.${viewer}`;

/**
 * A signed URL under /api/media/… that works in <img>/<video> without a header and expires after an hour.
 * `viewerId` (optional) is the user the URL is made for: it is signed into the URL and recorded in the audit log.
 */
export function signedMediaUrl(ctx: AppContext, mediaId: number, viewerId?: number): string {
  // Rounded up, so that a link made part-way through a second still lives a whole hour.
  const nowSeconds = Math.ceil(ctx.now().getTime() / 1000);
  const exp = Math.ceil((nowSeconds + MEDIA_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const sig = signatureOf(ctx, payloadOf(mediaId, exp, viewerId));
  const viewer = viewerId === undefined ? '' : `&u=${viewerId}`;
  return `/api/media/${mediaId}/?exp=${exp}${viewer}&sig=${sig}`;
}

export interface MediaUrlQuery {
  exp: number;
  u?: number;
  sig: string;
}

/** True when the URL was signed by us for this media id and has not expired. */
export function verifyMediaUrl(ctx: AppContext, mediaId: number, query: MediaUrlQuery): boolean {
  if (query.exp * 1000 <= ctx.now().getTime()) return false;
  return safeEqual(query.sig, signatureOf(ctx, payloadOf(mediaId, query.exp, query.u)));
}
