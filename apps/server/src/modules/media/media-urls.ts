import type { AppContext } from '../../context';

// INTERFACE CONTRACT (the media helper implements the body).

/** A signed URL under /api/media/… that works in <img>/<video> without a header and expires after an hour. */
export function signedMediaUrl(_ctx: AppContext, _mediaId: number): string {
  throw new Error('not implemented yet');
}
