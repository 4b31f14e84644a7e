import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver checks request signatures against this fixed key pair. */
const ACCESS_KEY = 'S3RVER';

export interface S3Server {
  /** The S3_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  /** Keys of the objects in the bucket (completed uploads only, as S3 lists them). */
  objectKeys: () => Promise<string[]>;
  /** Takes the server away (connections refused) and brings it back on the same port with the same objects. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it for good and removes its files. */
  close: () => Promise<void>;
}

/** A real S3-protocol server (s3rver) on a random loopback port, with one empty bucket, its files in a temp folder. */
export async function startS3Server(bucket = 'hep-media'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hep-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    port = ((await server.run()) as AddressInfo).port;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    // Keep-alive connections from the SDK would hold close() open.
    (running as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    await closed;
  };
  await start();

  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: '1',
  };
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  const objectKeys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  return {
    env,
    objectKeys,
    stop,
    start,
    close: async () => {
      client.destroy();
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
