import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, tempDataDir } from '../fixtures/media-fixtures';
import { programForm } from '../program-factories';
import { startServerProcess, type ServerProcess } from '../server-process';

const GRACE_MS = 1_500;
const dataDir = tempDataDir();
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  });
});
afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(role: 'therapist') {
  const res = await fetch(`${server.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.login(role)),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** Sends the request line, headers and `sent` bytes of `payload`, then goes quiet, as a phone losing signal does. */
function stalledRequest(url: string, headers: Record<string, string>, payload: Buffer, sent: number) {
  const { hostname, port } = new URL(server.url);
  const socket: Socket = connect(Number(port), hostname);
  const lines = Object.entries({
    ...headers,
    host: `${hostname}:${port}`,
    'content-length': String(payload.length),
  })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.write(`POST ${url} HTTP/1.1\r\n${lines}\r\n\r\n`);
  socket.write(payload.subarray(0, sent));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { closed, received: () => received };
}

describe('SIGTERM while an upload has stopped sending', () => {
  it('drains for the grace period, cuts the stalled upload, removes its partial file and exits 0 within 25 s', async () => {
    const access = await signIn('therapist');
    const list = await fetch(`${server.url}/api/users/clients/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const clients = (await list.json()) as { id: number }[];
    expect(list.status, JSON.stringify(clients)).toBe(200);
    const form = programForm(
      {
        client_id: clients[0]!.id,
        name: 'Stalled upload',
        start_date: '2026-01-05',
        is_draft: 'false',
        days_of_week: ['MON'],
        exercises: [{ name: 'Sit to stand', instructions: 'Ten times.' }],
      },
      [
        {
          name: 'exercise_0_video',
          filename: 'walk.mp4',
          contentType: 'video/mp4',
          data: Buffer.alloc(4_000_000, 7),
        },
      ],
    );
    const upload = stalledRequest(
      '/api/programs/',
      { authorization: `Bearer ${access}`, ...form.headers },
      form.payload,
      2_000_000,
    );
    // The upload is being written to the temporary folder before the signal comes.
    await expect
      .poll(() => filesUnder(path.join(dataDir, 'tmp')).length, { timeout: 5_000 })
      .toBeGreaterThan(0);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - signalledAt;
    await upload.closed;

    expect(code).toBe(0);
    // It waited for the upload as long as the grace allowed, then did not wait longer than the deadline.
    expect(took).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(took).toBeLessThan(GRACE_MS + 4_000);
    expect(upload.received()).not.toContain('201 Created');
    expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual([]);
    expect(server.output()).toContain('drain deadline reached');
  });
});
