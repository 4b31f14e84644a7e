import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { mediaStoreOf } from './media-store';

/**
 * A stored file's bytes as a stream, from the local folder or the bucket alike, for a module that hands a person
 * their own files in another form (a data download: docs/product/records.md#download-my-data). The caller has
 * checked the file is theirs and audits the request; serving to a browser goes through serveMedia instead.
 */
export const readStoredMedia = (ctx: AppContext, storageKey: string): Promise<Readable> =>
  mediaStoreOf(ctx).read(storageKey);
