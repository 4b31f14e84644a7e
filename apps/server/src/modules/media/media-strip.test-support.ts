import { bufferSource } from './strip/byte-source';
import { planToBuffer } from './strip/plan';
import { stripMetadata } from './strip/strip';

// What the metadata removal tests share (media-strip*.test.ts): the removal run on bytes, and RIFF's chunks (WebP,
// AVI).

export const strip = async (mime: string, bytes: Uint8Array) =>
  planToBuffer(bufferSource(bytes), await stripMetadata(mime, bufferSource(bytes)));

/** The chunks of a RIFF file (WebP, AVI) after its header, each with its id. */
export function riffChunks(bytes: Buffer) {
  const chunks: { id: string; bytes: Buffer }[] = [];
  for (let pos = 12; pos + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(pos + 4);
    chunks.push({
      id: bytes.subarray(pos, pos + 4).toString('latin1'),
      bytes: bytes.subarray(pos, pos + 8 + size),
    });
    pos += 8 + size + (size % 2);
  }
  return chunks;
}
