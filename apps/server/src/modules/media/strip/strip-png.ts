import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'PNG';
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Exif, text (author, software, comments, XMP in iTXt) and the modification time. */
const DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** Removes metadata chunks; the image chunks are kept byte for byte (each carries its own CRC). */
export async function stripPng(source: ByteSource): Promise<Plan> {
  const plan = new Plan();
  if (!(await readExact(source, 0, 8, WHAT)).equals(SIGNATURE)) throw new MalformedMediaError(WHAT);
  plan.keep(0, 8);
  let pos = 8;
  while (pos < source.size) {
    const header = await readExact(source, pos, 8, WHAT);
    const length = header.readUInt32BE(0);
    const type = header.subarray(4, 8).toString('latin1');
    const end = pos + 12 + length;
    if (end > source.size) throw new MalformedMediaError(WHAT);
    if (!DROPPED.has(type)) plan.keep(pos, end);
    pos = end;
    if (type === 'IEND') return plan; // bytes after the end are dropped
  }
  throw new MalformedMediaError(WHAT);
}
