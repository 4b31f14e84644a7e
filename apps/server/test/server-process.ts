import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** The demo logins printed on first start (SEED_DEMO=1). */
  login: (role: 'staff' | 'therapist' | 'client') => { email: string; password: string };
}

/**
 * Starts the server as `npm start` does (without the web build) on a free port: its bundle, built first when it is
 * missing or older than its sources (docs/decisions/001-tsx-runtime.md).
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`bundling the server failed:\n${build.stdout}${build.stderr}`);
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      REMINDER_INTERVAL_MS: '0',
      // No daily backup of a test's data folder, unless the test asks for one.
      BACKUP_DAILY: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (!ready) return;
      child.stdout!.off('data', onData);
      child.stdout!.on('data', (more: Buffer) => (output += more.toString()));
      resolve({
        child,
        url: ready[1]!,
        output: () => output,
        exited,
        login: (role) => {
          const line = new RegExp(`^\\s+${role}\\s+(\\S+@\\S+)\\s+(\\S+)$`, 'm').exec(output);
          if (!line) throw new Error(`no ${role} login printed:\n${output}`);
          return { email: line[1]!, password: line[2]! };
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}
