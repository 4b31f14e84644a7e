import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'GIF';
/** Application extensions that drive animation; any other (XMP, editors' data) is dropped. */
const KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** The offset just after a run of data sub-blocks (each a length byte and that many bytes, ended by a 0). */
async function skipSubBlocks(source: ByteSource, from: number): Promise<number> {
  let pos = from;
  for (;;) {
    const length = (await readExact(source, pos, 1, WHAT))[0]!;
    pos += 1 + length;
    if (length === 0) return pos;
    if (pos > source.size) throw new MalformedMediaError(WHAT);
  }
}

const colorTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** Removes comment extensions and application extensions other than the animation ones. */
export async function stripGif(source: ByteSource): Promise<Plan> {
  const plan = new Plan();
  const header = await readExact(source, 0, 13, WHAT);
  const signature = header.subarray(0, 6).toString('latin1');
  if (signature !== 'GIF87a' && signature !== 'GIF89a') throw new MalformedMediaError(WHAT);
  let pos = 13 + colorTableSize(header[10]!);
  if (pos > source.size) throw new MalformedMediaError(WHAT);
  plan.keep(0, pos);
  while (pos < source.size) {
    const introducer = (await readExact(source, pos, 1, WHAT))[0]!;
    if (introducer === 0x3b) {
      plan.keep(pos, pos + 1);
      return plan; // bytes after the trailer are dropped
    }
    if (introducer === 0x2c) {
      const descriptor = await readExact(source, pos, 10, WHAT);
      const end = await skipSubBlocks(source, pos + 10 + colorTableSize(descriptor[9]!) + 1);
      plan.keep(pos, end);
      pos = end;
    } else if (introducer === 0x21) {
      const label = (await readExact(source, pos + 1, 1, WHAT))[0]!;
      const end = await skipSubBlocks(source, pos + 2);
      let keep = label !== 0xfe; // comment
      if (label === 0xff) {
        const first = await readExact(source, pos + 2, 1, WHAT);
        const id = first[0] === 11 ? (await readExact(source, pos + 3, 11, WHAT)).toString('latin1') : '';
        keep = KEPT_APPLICATIONS.has(id);
      }
      if (keep) plan.keep(pos, end);
      pos = end;
    } else {
      throw new MalformedMediaError(WHAT);
    }
  }
  // Cut short before its trailer: browsers still show it, so close it properly.
  return plan.bytes(Uint8Array.of(0x3b));
}
