import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser-server';
import { startPushService } from './push-service';
import { listenOnLoopback } from './loopback';

export interface DemoLogin {
  role: 'staff' | 'therapist' | 'client';
  email: string;
  password: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    demoLogins: DemoLogin[];
    newTherapist: { email: string; password: string };
    testServer: { url: string; refreshToken: string };
    /** The loopback push service: subscriptions point at {url}/<anything>; GET {url}/received lists deliveries. */
    pushService: { url: string };
    /** The lane's Chromium, which each test file connects to (support/browser.ts useBrowser). */
    browserEndpoint: string;
  }
}

/** A POST the loopback test server received (read back with GET {testServer.url}/received). */
export interface TestServerPost {
  path: string;
  authorization: string | null;
  body: string;
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the real server (built SPA + API) as `npm start` runs it, from its bundle (built here when missing or
 * older than its sources: docs/decisions/001-tsx-runtime.md), and resolves with its output once it listens.
 */
function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: string }> {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: root,
      env,
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('App ready at')) resolve({ child, output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function parseDemoLogins(output: string): DemoLogin[] {
  const logins = [...output.matchAll(/^\s+(staff|therapist|client)\s+(\S+@\S+)\s+(\S+)$/gm)].map((m) => ({
    role: m[1] as DemoLogin['role'],
    email: m[2]!,
    password: m[3]!,
  }));
  if (logins.length < 4) throw new Error(`demo logins not printed:\n${output}`);
  return logins;
}

/**
 * A stand-in for the staff page's test site and its database-refresh dispatch: 200 to GET and HEAD (online),
 * and every POST recorded, so that a journey can check the server sent its token.
 */
async function startTestServer() {
  const posts: TestServerPost[] = [];
  const server = createHttpServer((req, res) => {
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        posts.push({ path: req.url ?? '/', authorization: req.headers.authorization ?? null, body });
        res.writeHead(204).end();
      });
      return;
    }
    const received = req.url === '/received';
    res.writeHead(200, { 'content-type': received ? 'application/json' : 'text/plain' });
    res.end(req.method === 'HEAD' ? undefined : received ? JSON.stringify(posts) : 'test server');
  });
  return listenOnLoopback(server);
}

/**
 * The journeys' database: the embedded engine (the default a clinic starts with), or, when TEST_DATABASE_URL names a
 * PostgreSQL server (CI does), a database of their own on it. Each lane is its own process with its own database.
 * On PostgreSQL the server spends a quarter of the CPU time PGlite's WebAssembly does, which on two cores shared
 * with Chromium decides how long the journeys take (docs/decisions/023-ci-in-twenty-minutes.md).
 */
async function journeyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: '', drop: async () => {} };
  const name = `hep_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const database = await journeyDatabase();
  const testServer = await startTestServer();
  const pushService = await startPushService();
  const testServerToken = randomBytes(16).toString('hex');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hep-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    SMTP_URL: '',
    TEST_SERVER_URL: `${testServer.url}/`,
    TEST_SERVER_REFRESH_URL: `${testServer.url}/dispatches`,
    TEST_SERVER_REFRESH_TOKEN: testServerToken,
    // Subscriptions may point at the loopback push service; no reminder timer or daily backup runs in the middle of
    // a journey.
    PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
    REMINDER_INTERVAL_MS: '0',
    BACKUP_DAILY: '0',
    // Each context and API call names its own client address (support/addresses.ts).
    TRUST_PROXY: '1',
  };
  // First start seeds the demo clinic and prints its logins; a clean SIGTERM lets the CLI use the database.
  const first = await startServer(env);
  const demoLogins = parseDemoLogins(first.output);
  await stopServer(first.child);
  const newTherapist = { email: 'new.therapist@e2e.test', password: 'a fresh passphrase' };
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli.ts',
      'create-user',
      '--role',
      'therapist',
      '--email',
      newTherapist.email,
      '--password',
      newTherapist.password,
      '--first-name',
      'Nora',
      '--last-name',
      'Newcomer',
      '--discipline',
      'Speech Pathologist',
      '--clinic',
      '1',
    ],
    { cwd: root, env, stdio: 'pipe' },
  );
  const [server, browser] = await Promise.all([startServer(env), launchBrowserServer()]);

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  project.provide('demoLogins', demoLogins);
  project.provide('newTherapist', newTherapist);
  project.provide('testServer', { url: testServer.url, refreshToken: testServerToken });
  project.provide('pushService', { url: pushService.url });
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await stopServer(server.child);
    await testServer.close();
    await pushService.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
}
