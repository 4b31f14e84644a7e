import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { shippedKey, shippedPath } from '../../lib/shipped-media';
import type { StarterItem } from './starter-library';

/*
 * The starter library's pictures (docs/product/library-and-templates.md#starter-pictures): one SVG per item, drawn by
 * us, shipped in apps/server/assets/starter-pictures/<key>.svg (how they are drawn: the README there). Each becomes a
 * media row the item's picture refers to, so programs, the session, the picker and the handout show it as any other
 * exercise picture.
 */

export const STARTER_PICTURES_FOLDER = 'starter-pictures';

export interface StarterPicture {
  key: string;
  storage_key: string;
  size: number;
  sha256: string;
}

/** The shipped picture of each item that has one. */
export function readStarterPictures(items: Pick<StarterItem, 'key'>[]): StarterPicture[] {
  return items.flatMap((item) => {
    const storageKey = shippedKey(STARTER_PICTURES_FOLDER, `${item.key}.svg`);
    const file = shippedPath(storageKey);
    if (!existsSync(file)) return [];
    const bytes = readFileSync(file);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return [{ key: item.key, storage_key: storageKey, size: bytes.length, sha256 }];
  });
}
