import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/db/client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The PostgreSQL URL a test's database handle was opened with, for another process to use the same database. */
export const databaseUrlOf = (db: Db) =>
  (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

/**
 * Starts `script` (a file under apps/server/test that prints `ready`, waits for `go` on stdin, does its work and
 * prints its result as the last line of JSON) in a separate Node process, as a second API node would run.
 */
export function startSideProcess<T>(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/test/${script}`], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const exited = new Promise<T>((resolve, reject) => {
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T);
      else reject(new Error(`${script} exited with ${code}: ${stderr}`));
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += String(chunk);
      if (stdout.startsWith('ready\n')) resolve();
    });
    exited.catch(reject);
  });
  return { ready, go: () => child.stdin.end('go\n'), exited };
}

/**
 * Two side processes started together once both are up (two API nodes on one PostgreSQL:
 * docs/product/operations.md#several-nodes).
 */
export async function runSideBySide<T>(script: string, env: Record<string, string>): Promise<T[]> {
  const processes = [startSideProcess<T>(script, env), startSideProcess<T>(script, env)];
  await Promise.all(processes.map((p) => p.ready));
  for (const p of processes) p.go();
  return Promise.all(processes.map((p) => p.exited));
}
