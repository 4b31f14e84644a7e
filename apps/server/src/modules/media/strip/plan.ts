import type { ByteSource } from './byte-source';

/** A piece of the cleaned file: a byte range of the upload, new bytes, or a run of zero bytes. */
type Piece =
  | { kind: 'range'; start: number; end: number }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'zeros'; length: number };

/**
 * Collects what a stripper keeps. Strippers only describe the output; writing it is one streaming pass, so a
 * 50 MB video is never held in memory.
 */
export class Plan {
  readonly pieces: Piece[] = [];

  /** Keeps bytes [start, end) of the upload; adjacent ranges are merged. */
  keep(start: number, end: number): this {
    if (end <= start) return this;
    const last = this.pieces.at(-1);
    if (last?.kind === 'range' && last.end === start) last.end = end;
    else this.pieces.push({ kind: 'range', start, end });
    return this;
  }

  bytes(bytes: Uint8Array): this {
    if (bytes.length > 0) this.pieces.push({ kind: 'bytes', bytes });
    return this;
  }

  zeros(length: number): this {
    if (length > 0) this.pieces.push({ kind: 'zeros', length });
    return this;
  }

  get length(): number {
    let total = 0;
    for (const piece of this.pieces) {
      total +=
        piece.kind === 'range'
          ? piece.end - piece.start
          : piece.kind === 'bytes'
            ? piece.bytes.length
            : piece.length;
    }
    return total;
  }
}

const CHUNK = 64 * 1024;

/** Streams the cleaned file, chunk by chunk. */
export async function* planChunks(source: ByteSource, plan: Plan): AsyncGenerator<Buffer> {
  for (const piece of plan.pieces) {
    if (piece.kind === 'bytes') {
      yield Buffer.from(piece.bytes);
    } else if (piece.kind === 'zeros') {
      for (let left = piece.length; left > 0; left -= CHUNK) yield Buffer.alloc(Math.min(CHUNK, left));
    } else {
      for (let at = piece.start; at < piece.end; at += CHUNK) {
        // Copied: a file source reuses its read window.
        yield Buffer.from(await source.read(at, Math.min(CHUNK, piece.end - at)));
      }
    }
  }
}

/** The cleaned file in memory: for tests and small inputs. */
export async function planToBuffer(source: ByteSource, plan: Plan): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of planChunks(source, plan)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
