import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { UploadSink } from './multipart-form';

/** Object keys sorted at every level, so that the same values always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = () => createHash('sha256');

/**
 * What makes two requests "the same" for an Idempotency-Key: SHA-256 over the method, the path, the form's fields
 * in a canonical order and each file part's bytes. Files are hashed as they stream past (never held), by wrapping
 * the form's upload sink; `digest` is called once the fields are all read.
 */
export class RequestHash {
  private readonly files: Record<string, string> = {};
  private value: string | undefined;

  constructor(
    private readonly method: string,
    private readonly path: string,
  ) {}

  /** The sink, with each file part's bytes hashed on their way into it. */
  hashing<U, P>(sink: UploadSink<U, P>): UploadSink<U, P> {
    return { store: (part, purpose) => sink.store(this.tap(part), purpose), discard: sink.discard };
  }

  /** A sink that only hashes each file part: for a repeat, whose files are already stored. */
  hashingOnly<P>(): UploadSink<null, P> {
    return {
      store: async (part) => {
        const hash = sha256();
        for await (const chunk of part.file) hash.update(chunk as Buffer);
        this.files[part.fieldname] = this.fileDigest(hash, part);
        return null;
      },
      discard: async () => {},
    };
  }

  /** The request's hash, given its fields (as read from the multipart form or the JSON body). */
  digest(fields: Record<string, unknown>): string {
    this.value = sha256()
      .update(canonicalJson({ method: this.method, path: this.path, fields, files: this.files }))
      .digest('hex');
    return this.value;
  }

  /** The hash `digest` made. */
  get requestHash(): string {
    if (this.value === undefined) throw new Error('RequestHash: digest() was not called');
    return this.value;
  }

  // A part cut off at the size limit never matches the whole file, though its first bytes do.
  private fileDigest(hash: ReturnType<typeof sha256>, part: MultipartFile) {
    return `${hash.digest('hex')}${part.file.truncated ? ':truncated' : ''}`;
  }

  /** The part, its stream replaced by one that hashes each chunk on the way through. */
  private tap(part: MultipartFile): MultipartFile {
    const source = part.file;
    const hash = sha256();
    const record = () => (this.files[part.fieldname] = this.fileDigest(hash, part));
    const tapped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
      flush(done) {
        record();
        done();
      },
    });
    // The store reads `truncated` (the size limit) from the stream it is given.
    Object.defineProperty(tapped, 'truncated', { get: () => source.truncated });
    // Errors travel both ways: a broken upload fails the store's read, a failed store stops the upload.
    pipeline(source, tapped).catch(() => {});
    return Object.create(part, { file: { value: tapped } }) as MultipartFile;
  }
}
