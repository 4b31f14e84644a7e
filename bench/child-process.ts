import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Child {
  name: string;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  process: ChildProcess;
  /** Everything it printed, for the error message when something goes wrong. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `node --import tsx <script>` (or `node <script>` for a built .js) from the repository root with only the
 * given environment (plus PATH and HOME), and resolves once it prints `listening on http://host:port`, as the API
 * server does.
 */
export function startChild(name: string, script: string, env: Record<string, string>): Promise<Child> {
  // TypeScript through tsx; a built bundle (.js) as it is, as `npm start` runs the server.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (ready) resolve({ name, url: ready[1]!, process: child, output: () => output, stop });
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exit.then(() => reject(new Error(`${name} exited before listening:\n${output}`)));
  });
}
