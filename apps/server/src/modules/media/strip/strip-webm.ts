import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'WebM';
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TAGS = 0x1254c367;
const VOID = 0xec;
const INFO = 0x1549a966;
/** Info's free-text title: whatever the recording app or person typed. */
const TITLE = 0x7ba9;
/** Elements that sit directly in a Segment: where a Cluster of unknown size ends. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  INFO,
  0x1654ae6b, // Tracks
  TAGS,
  0x1c53bb6b, // Cues
  CLUSTER,
  0x1043a770, // Chapters
  0x1941a469, // Attachments
]);

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** null: unknown size (live recordings, e.g. a browser's MediaRecorder). */
  end: number | null;
}

async function readElement(source: ByteSource, pos: number): Promise<Element> {
  const head = Buffer.from(await readExact(source, pos, Math.min(12, source.size - pos), WHAT));
  const idLength = Math.clz32(head[0]!) - 23;
  if (idLength < 1 || idLength > 4 || head.length < idLength + 1) throw new MalformedMediaError(WHAT);
  const id = head.readUIntBE(0, idLength);
  const first = head[idLength]!;
  const sizeLength = Math.clz32(first) - 23;
  if (sizeLength < 1 || sizeLength > 8 || head.length < idLength + sizeLength)
    throw new MalformedMediaError(WHAT);
  let size = BigInt(first & (0xff >> sizeLength));
  let allOnes = size === BigInt(0xff >> sizeLength);
  for (let i = 1; i < sizeLength; i++) {
    const byte = head[idLength + i]!;
    size = (size << 8n) | BigInt(byte);
    allOnes &&= byte === 0xff;
  }
  const dataStart = pos + idLength + sizeLength;
  if (allOnes) return { id, start: pos, dataStart, end: null };
  if (size > BigInt(source.size)) throw new MalformedMediaError(WHAT);
  return { id, start: pos, dataStart, end: dataStart + Number(size) };
}

/** A Void element of exactly `total` bytes (total >= 2). */
export function voidElement(total: number): { header: Buffer; zeros: number } {
  const sizeLength = Math.min(8, total - 1);
  const payload = total - 1 - sizeLength;
  const header = Buffer.alloc(1 + sizeLength);
  header[0] = VOID;
  let value = BigInt(payload);
  for (let i = sizeLength; i >= 1; i--) {
    header[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  header[1] = header[1]! | (0x80 >> (sizeLength - 1));
  return { header, zeros: payload };
}

function blank(plan: Plan, start: number, end: number) {
  const replacement = voidElement(end - start);
  plan.bytes(replacement.header).zeros(replacement.zeros);
}

async function walkInfo(source: ByteSource, plan: Plan, from: number, to: number): Promise<void> {
  let pos = from;
  while (pos < to) {
    const child = await readElement(source, pos);
    if (child.end === null || child.end > to) throw new MalformedMediaError(WHAT);
    if (child.id === TITLE) blank(plan, child.start, child.end);
    else plan.keep(child.start, child.end);
    pos = child.end;
  }
}

/** Where a Cluster of unknown size ends: at the next element that belongs to the Segment, or the end. */
async function endOfOpenCluster(source: ByteSource, from: number, limit: number): Promise<number> {
  let pos = from;
  while (pos < limit) {
    const child = await readElement(source, pos);
    if (SEGMENT_CHILDREN.has(child.id) || child.id === SEGMENT) return pos;
    if (child.end === null) throw new MalformedMediaError(WHAT);
    if (child.end >= limit) return limit; // a recording cut short in its last block
    pos = child.end;
  }
  return limit;
}

async function walkSegment(source: ByteSource, plan: Plan, from: number, to: number): Promise<void> {
  let pos = from;
  while (pos < to) {
    const element = await readElement(source, pos);
    let end = element.end;
    if (end === null) {
      if (element.id !== CLUSTER) throw new MalformedMediaError(WHAT);
      end = await endOfOpenCluster(source, element.dataStart, to);
    }
    if (end > to) {
      if (element.id === TAGS) throw new MalformedMediaError(WHAT);
      end = to; // a recording cut short: players show what it has
    }
    if (element.id === TAGS) {
      blank(plan, element.start, end);
    } else if (element.id === INFO && element.end === end) {
      plan.keep(element.start, element.dataStart);
      await walkInfo(source, plan, element.dataStart, end);
    } else {
      plan.keep(element.start, end);
    }
    pos = end;
  }
}

/**
 * WebM: the `Tags` element (title, encoder, location, device) and the Info `Title` become zero-filled `Void` elements
 * of the same length, so nothing else moves.
 */
export async function stripWebm(source: ByteSource): Promise<Plan> {
  const plan = new Plan();
  let pos = 0;
  while (pos < source.size) {
    const element = await readElement(source, pos);
    if (element.id === SEGMENT) {
      const end = element.end === null ? source.size : Math.min(element.end, source.size);
      plan.keep(element.start, element.dataStart);
      await walkSegment(source, plan, element.dataStart, end);
      pos = end;
    } else {
      if (element.end === null) throw new MalformedMediaError(WHAT);
      plan.keep(element.start, element.end);
      pos = element.end;
    }
  }
  return plan;
}
