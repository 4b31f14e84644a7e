import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Media the app ships in apps/server/assets (the starter library's pictures,
 * docs/product/library-and-templates.md#starter-pictures). Their media rows name them by a storage key under
 * `shipped/`, and the media store reads those from this folder in every configuration (local folder or bucket):
 * nothing is copied at start, nothing is written or deleted, and a new release's drawings take effect at once
 * (docs/decisions/025-shipped-media.md).
 */

export const SHIPPED_MEDIA_DIR = fileURLToPath(new URL('../../assets', import.meta.url));

/** `shipped/<folder>/<name>.svg`: nothing else, so that a key can never point outside the folder. */
const SHIPPED_KEY = /^shipped\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z0-9]+(?:-[a-z0-9]+)*\.svg)$/;

export const isShippedKey = (key: string) => key.startsWith('shipped/');

export const shippedKey = (folder: string, file: string) => `shipped/${folder}/${file}`;

/** The file a shipped key names; throws for anything that is not one. */
export function shippedPath(key: string): string {
  const match = SHIPPED_KEY.exec(key);
  if (!match) throw new Error('Invalid shipped media key');
  return path.join(SHIPPED_MEDIA_DIR, match[1]!, match[2]!);
}
