import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'AVI';

/**
 * AVI: `LIST INFO` lists (software, dates, comments, camera) at the top level or in the header list become `JUNK`
 * chunks of the same size, zero-filled. AVI has no standard GPS field; the stream data is kept as it is.
 */
export async function stripAvi(source: ByteSource): Promise<Plan> {
  const head = await readExact(source, 0, 12, WHAT);
  if (
    head.subarray(0, 4).toString('latin1') !== 'RIFF' ||
    head.subarray(8, 11).toString('latin1') !== 'AVI'
  ) {
    throw new MalformedMediaError(WHAT);
  }
  const plan = new Plan().keep(0, 12);
  await walk(source, plan, 12, Math.min(source.size, 8 + head.readUInt32LE(4)), true);
  plan.keep(Math.min(source.size, 8 + head.readUInt32LE(4)), source.size); // AVIX extensions of a long recording
  return plan;
}

async function walk(source: ByteSource, plan: Plan, from: number, to: number, top: boolean): Promise<void> {
  let pos = from;
  while (pos + 8 <= to) {
    const chunk = await readExact(source, pos, 12 <= to - pos ? 12 : 8, WHAT);
    const id = chunk.subarray(0, 4).toString('latin1');
    const size = chunk.readUInt32LE(4);
    const end = Math.min(to, pos + 8 + size + (size % 2));
    const listType = id === 'LIST' && chunk.length === 12 ? chunk.subarray(8, 12).toString('latin1') : '';
    if (listType === 'INFO') {
      plan.bytes(Buffer.from('JUNK', 'latin1'));
      plan.keep(pos + 4, pos + 8);
      plan.zeros(end - pos - 8);
    } else if (top && listType === 'hdrl') {
      plan.keep(pos, pos + 12);
      await walk(source, plan, pos + 12, end, false);
    } else {
      plan.keep(pos, end);
    }
    pos = end;
  }
  plan.keep(pos, to);
}
