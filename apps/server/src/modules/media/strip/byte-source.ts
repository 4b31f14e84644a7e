import type { FileHandle } from 'node:fs/promises';

/** Random-access reads over an upload, so a stripper can walk a file's structure without holding the file. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer only at the end of the source). */
  read(offset: number, length: number): Promise<Buffer>;
}

/** Thrown when a file's structure does not parse: the upload is refused rather than stored with its metadata. */
export class MalformedMediaError extends Error {
  constructor(what: string) {
    super(`Malformed ${what}`);
    this.name = 'MalformedMediaError';
  }
}

export function bufferSource(buffer: Uint8Array): ByteSource {
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

const WINDOW = 64 * 1024;

/** Reads a file through a 64 kB window: structure walks make many small reads close to each other. */
export function fileSource(handle: FileHandle, size: number): ByteSource {
  let windowStart = 0;
  let window = Buffer.alloc(0);
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      if (offset >= windowStart && end <= windowStart + window.length) {
        return window.subarray(offset - windowStart, end - windowStart);
      }
      const want = Math.max(WINDOW, end - offset);
      const buffer = Buffer.alloc(Math.min(want, Math.max(0, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      windowStart = offset;
      window = buffer.subarray(0, bytesRead);
      return window.subarray(0, Math.max(0, end - offset));
    },
  };
}

/** Exactly `length` bytes at `offset`, or MalformedMediaError naming the format. */
export async function readExact(source: ByteSource, offset: number, length: number, what: string) {
  if (offset < 0 || offset + length > source.size) throw new MalformedMediaError(what);
  const bytes = await source.read(offset, length);
  if (bytes.length !== length) throw new MalformedMediaError(what);
  return bytes;
}
