import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'WebP';
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** Removes the EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size. */
export async function stripWebp(source: ByteSource): Promise<Plan> {
  const head = await readExact(source, 0, 12, WHAT);
  if (
    head.subarray(0, 4).toString('latin1') !== 'RIFF' ||
    head.subarray(8, 12).toString('latin1') !== 'WEBP'
  ) {
    throw new MalformedMediaError(WHAT);
  }
  const riffEnd = Math.min(source.size, 8 + head.readUInt32LE(4));
  const body = new Plan();
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const chunk = await readExact(source, pos, 8, WHAT);
    const fourcc = chunk.subarray(0, 4).toString('latin1');
    const size = chunk.readUInt32LE(4);
    const end = pos + 8 + size + (size % 2);
    if (pos + 8 + size > source.size) throw new MalformedMediaError(WHAT);
    const paddedEnd = Math.min(end, source.size);
    if (fourcc === 'VP8X' && size >= 1) {
      const flags = (await readExact(source, pos + 8, 1, WHAT))[0]!;
      body.keep(pos, pos + 8);
      body.bytes(Uint8Array.of(flags & ~(VP8X_EXIF | VP8X_XMP)));
      body.keep(pos + 9, paddedEnd);
      if (paddedEnd < end) body.zeros(end - paddedEnd);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      body.keep(pos, paddedEnd);
      if (paddedEnd < end) body.zeros(end - paddedEnd);
    }
    pos = end;
  }
  const riffHeader = Buffer.alloc(12);
  riffHeader.write('RIFF', 0, 'latin1');
  riffHeader.writeUInt32LE(4 + body.length, 4);
  riffHeader.write('WEBP', 8, 'latin1');
  const plan = new Plan().bytes(riffHeader);
  for (const piece of body.pieces) plan.pieces.push(piece);
  return plan;
}
