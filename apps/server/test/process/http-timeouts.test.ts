import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { programs } from '../../src/db/schema/programs';
import { buildCareTeam, login } from '../factories';
import { filesUnder, tempDataDir } from '../fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../helper';
import { programForm } from '../program-factories';

/** The real HTTP server (not inject): timeouts live on sockets. A short idle limit stands in for the 60 s one. */
const IDLE_MS = 400;
const dataDir = tempDataDir();
let t: TestApp;
let served: App;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  served = await buildApp(t.ctx, { webDist: null, timeouts: { idleMs: IDLE_MS } });
  await served.listen({ port: 0, host: '127.0.0.1' });
  port = (served.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await served.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a client that stops sending', () => {
  it('has its upload cut after the idle timeout, its partial file removed and nothing saved', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const form = programForm(
      {
        client_id: client.id,
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
          data: Buffer.alloc(3_000_000, 7),
        },
      ],
    );
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.on('error', () => undefined);
    socket.write(
      [
        'POST /api/programs/ HTTP/1.1',
        `host: 127.0.0.1:${port}`,
        `authorization: ${session.headers.authorization}`,
        `content-type: ${form.headers['content-type']}`,
        `content-length: ${form.payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(form.payload.subarray(0, 1_500_000));
    const stalledAt = Date.now();

    const closedAt = await closed;
    expect(closedAt - stalledAt).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(closedAt - stalledAt).toBeLessThan(IDLE_MS + 3_000);
    await expect.poll(() => filesUnder(path.join(dataDir, 'tmp')), { timeout: 3_000 }).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual([]);
    const saved = await t.ctx.db.select().from(programs).where(eq(programs.clientId, client.id));
    expect(saved).toEqual([]);
  });

  it('keeps a connection that is slow but still sending', async () => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    const body = JSON.stringify({ message: 'slow client', level: 'info' });
    socket.write(
      `POST /api/logs/ HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`,
    );
    // Each piece comes well inside the idle limit, the whole body well after it.
    for (let i = 0; i < body.length; i += 8) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 4));
      socket.write(body.slice(i, i + 8));
    }
    await new Promise((resolve) => socket.on('close', resolve));
    expect(response).toMatch(/^HTTP\/1\.1 20[04]/);
  });
});
