import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { type Child, repoRoot, startChild } from './child-process';

export interface Servers {
  api: Child;
  bare: Child;
  stop: () => Promise<void>;
}

/** The bare baseline: `bench/bare-server.ts`, or a bench's own script run in its bare role. */
export interface BareServer {
  script: string;
  env?: Record<string, string>;
}

/** The real API server and the bare baseline server, each its own process, both on the bench database. */
export async function startServers(
  databaseUrl: URL,
  bareServer: BareServer = { script: 'bench/bare-server.ts' },
): Promise<Servers> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hep-bench-'));
  const started: Child[] = [];
  const stop = async () => {
    await Promise.all(started.map((child) => child.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The server as `npm start` runs it: its esbuild bundle (docs/decisions/001-tsx-runtime.md), built if stale.
    execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    started.push(
      await startChild('API server', 'apps/server/dist/server.js', {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        SECRET_KEY: randomBytes(32).toString('hex'),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        REMINDER_INTERVAL_MS: '0',
        // Nor the message digest tick (docs/product/messages.md#notifications): work of its own, not a request's.
        MESSAGE_DIGEST_INTERVAL_MS: '0',
        // Each request then names its own address in X-Forwarded-For and stays clear of per-address limits.
        TRUST_PROXY: '1',
        // The metrics on, as where someone watches them (docs/product/operations.md#metrics-and-tracing): each
        // request pays for its duration's observation here too.
        METRICS_TOKEN: randomBytes(16).toString('hex'),
      }),
    );
    started.push(
      await startChild('bare server', bareServer.script, {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl.toString(),
        ...bareServer.env,
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { api: started[0]!, bare: started[1]!, stop };
}
