import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'MP4';
/** User data and metadata boxes: GPS (©xyz, ISO 6709 location), device make and model, software, dates. */
const BLANKED = new Set(['udta', 'meta']);
/** Containers whose children are searched for BLANKED boxes. */
const SEARCHED = new Set(['moov', 'trak']);
/** Adobe XMP in a top-level or moov `uuid` box. */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

async function readBox(source: ByteSource, pos: number, limit: number): Promise<Box> {
  const head = await readExact(source, pos, 8, WHAT);
  let size = head.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    const large = (await readExact(source, pos + 8, 8, WHAT)).readBigUInt64BE(0);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new MalformedMediaError(WHAT);
    size = Number(large);
    headerSize = 16;
  } else if (size === 0) {
    size = limit - pos; // runs to the end of its container
  }
  if (size < headerSize || pos + size > limit) throw new MalformedMediaError(WHAT);
  return { type: head.subarray(4, 8).toString('latin1'), start: pos, headerSize, end: pos + size };
}

async function isXmpUuid(source: ByteSource, box: Box): Promise<boolean> {
  if (box.type !== 'uuid' || box.end - box.start < box.headerSize + 16) return false;
  return (await readExact(source, box.start + box.headerSize, 16, WHAT)).equals(XMP_UUID);
}

/** Renames the box to `free` and zeroes its content: same size, so every offset in the file stays valid. */
async function blank(source: ByteSource, plan: Plan, box: Box) {
  const header = Buffer.from(await readExact(source, box.start, box.headerSize, WHAT));
  header.write('free', 4, 'latin1');
  plan.bytes(header).zeros(box.end - box.start - box.headerSize);
}

async function walk(source: ByteSource, plan: Plan, from: number, to: number, depth: number): Promise<void> {
  let pos = from;
  while (pos < to) {
    if (to - pos < 8) {
      plan.keep(pos, to); // padding some writers leave at the end of a container
      return;
    }
    const box = await readBox(source, pos, to);
    if (BLANKED.has(box.type) || (await isXmpUuid(source, box))) {
      await blank(source, plan, box);
    } else if (SEARCHED.has(box.type) && depth < 2) {
      plan.keep(box.start, box.start + box.headerSize);
      await walk(source, plan, box.start + box.headerSize, box.end, depth + 1);
    } else {
      plan.keep(box.start, box.end);
    }
    pos = box.end;
  }
}

/**
 * MP4 and QuickTime: every `udta` and `meta` box at the top level, under `moov` and under `moov/trak` becomes a
 * zero-filled `free` box of the same size, in place. Sample offsets (stco/co64) stay valid; nothing moves.
 */
export async function stripMp4(source: ByteSource): Promise<Plan> {
  const plan = new Plan();
  await walk(source, plan, 0, source.size, 0);
  return plan;
}
