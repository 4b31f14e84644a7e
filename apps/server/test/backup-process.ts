import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { FIXTURES, multipartBody, readFixture } from './fixtures/media-fixtures';
import type { ServerProcess } from './server-process';

// What the backup tests that run real processes share (test/process/ and test/postgres/backup-restore.test.ts).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** `npm run cli -- …` with `env` (DATA_DIR, and DATABASE_URL and S3_* when given). */
export function cli(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, ['apps/server/src/cli.ts', ...args], { cwd: root, env: full }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

let address = 0;
/** A client address of its own for each request (the servers run with TRUST_PROXY=1), under every rate limit. */
export const fromNewAddress = () => ({
  'x-forwarded-for': `10.9.${(address >> 8) & 255}.${address++ & 255}`,
});

export async function signIn(node: ServerProcess, login: { email: string; password: string }) {
  const res = await fetch(`${node.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...fromNewAddress() },
    body: JSON.stringify(login),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access: string; user_id: number };
  return { id: body.user_id, headers: { authorization: `Bearer ${body.access}` } };
}

/** The client sends a message with a photo every 300 ms until stopped; `stop` resolves with how many were sent. */
export function startPhotoWriter(
  node: ServerProcess,
  client: { id: number; headers: Record<string, string> },
) {
  const photo = readFixture(FIXTURES.jpeg);
  let stopped = false;
  let sent = 0;
  const loop = (async () => {
    while (!stopped) {
      const form = multipartBody([
        { name: 'text', data: `Message ${sent}` },
        { name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: photo },
      ]);
      const res = await fetch(`${node.url}/api/clients/${client.id}/messages/`, {
        method: 'POST',
        headers: { ...form.headers, ...client.headers, ...fromNewAddress() },
        body: form.payload,
      });
      expect(res.status).toBe(201);
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  return {
    sent: () => sent,
    stop: async () => {
      stopped = true;
      await loop;
      return sent;
    },
  };
}

/** The photos of a conversation, by message id, as the node serves them (every page). */
export async function photosOf(node: ServerProcess, headers: Record<string, string>, clientId: number) {
  const photos = new Map<number, Buffer>();
  let before: number | null = null;
  do {
    const page = await fetch(
      `${node.url}/api/clients/${clientId}/messages/?limit=100${before ? `&before=${before}` : ''}`,
      { headers: { ...headers, ...fromNewAddress() } },
    );
    expect(page.status).toBe(200);
    const body = (await page.json()) as {
      results: { id: number; image_url: string | null }[];
      next: number | null;
    };
    for (const message of body.results.filter((m) => m.image_url)) {
      const file = await fetch(`${node.url}${message.image_url}`, { headers: fromNewAddress() });
      expect(file.status).toBe(200);
      photos.set(message.id, Buffer.from(await file.arrayBuffer()));
    }
    before = body.next;
  } while (before);
  return photos;
}

/** Each file under a folder with its size and modification time: what "nothing touched" compares. */
export const snapshotOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const info = statSync(file);
      return `${path.relative(dir, file)} ${entry.isFile() ? info.size : 'dir'} ${info.mtimeMs}`;
    })
    .sort();
