import type { ByteSource } from './byte-source';
import type { Plan } from './plan';
import { stripAvi } from './strip-avi';
import { stripGif } from './strip-gif';
import { stripJpeg } from './strip-jpeg';
import { stripMp4 } from './strip-mp4';
import { stripPng } from './strip-png';
import { stripWebm } from './strip-webm';
import { stripWebp } from './strip-webp';

const STRIPPERS: Record<string, (source: ByteSource) => Promise<Plan>> = {
  'image/jpeg': stripJpeg,
  'image/png': stripPng,
  'image/gif': stripGif,
  'image/webp': stripWebp,
  'video/mp4': stripMp4,
  'video/quicktime': stripMp4,
  'video/webm': stripWebm,
  'video/x-msvideo': stripAvi,
};

/** What to store of an upload of this (detected) type: the file without its location, device and author data. */
export function stripMetadata(mime: string, source: ByteSource): Promise<Plan> {
  const strip = STRIPPERS[mime];
  if (!strip) throw new Error(`No metadata stripper for ${mime}`);
  return strip(source);
}
