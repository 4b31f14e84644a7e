import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config';
import { isNetworkErrorCode } from '../../lib/network-error';
import type { MediaStore } from './media-store';
import { storageUnavailable } from './storage-unavailable';
import { checkedStorageKey } from './storage-key';

export type S3Settings = Pick<
  Config,
  'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
> & { S3_ENDPOINT: string; S3_BUCKET: string };

/** 5 MiB, S3's smallest part: an upload holds at most this much (times QUEUE_SIZE) in memory, whatever its size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** A store that cannot be reached, or that says it is failing (5xx), is "unavailable"; anything else is a bug. */
function isStoreDown(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 500) >= 500;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return isNetworkErrorCode(code) || name === 'TimeoutError';
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** Media in an S3-compatible bucket, one object per storage key; bytes stream through, never held whole. */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.S3_BUCKET;
    this.client = new S3Client({
      endpoint: settings.S3_ENDPOINT,
      region: settings.S3_REGION ?? 'us-east-1',
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: settings.S3_ACCESS_KEY_ID,
              secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
      // The SDK's default CRC checksums (aws-chunked bodies) are refused by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // A store that is down answers fast (503); no idle timeout on a body, so a paused video keeps its stream.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    });
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw isStoreDown(error) ? storageUnavailable(error) : error;
    }
  }

  async put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    // The source's own failure is the cause to report, even when aborting the multipart upload fails after it.
    const sourceFailure: { error?: unknown } = {};
    const body = Readable.from(
      (async function* () {
        try {
          yield* source;
        } catch (error) {
          sourceFailure.error = error;
          throw error;
        }
      })(),
    );
    // One PutObject below PART_SIZE; above it a multipart upload, which S3 shows as an object only once it is
    // completed, and which Upload aborts on failure (leavePartsOnError: false).
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkedStorageKey(key), Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await this.call(() => upload.done());
    } catch (error) {
      throw 'error' in sourceFailure ? sourceFailure.error : error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await this.call(() =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checkedStorageKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      ),
    );
    // In Node the body is the HTTP response itself (an IncomingMessage).
    return answer.Body as Readable;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.call(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedStorageKey(key) })),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.call(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedStorageKey(key) })),
    );
  }

  async hasFiles(): Promise<boolean> {
    const listed = await this.call(() =>
      this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 })),
    );
    return (listed.KeyCount ?? listed.Contents?.length ?? 0) > 0;
  }
}
