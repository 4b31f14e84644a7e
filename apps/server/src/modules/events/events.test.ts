import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCareTeam,
  buildClinic,
  buildTherapist,
  login,
  type Session,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

// GET /api/events/ (docs/product/messages.md#live): a real HTTP stream, read as the web app reads it.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** An open stream: its frames as they come, and whether it has ended. */
async function openStream(session: Session, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events/`, {
    headers: { ...session.headers, ...headers },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame: Frame = {};
          for (const line of buffer.slice(0, cut).split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else {
              const [name, ...rest] = line.split(': ');
              frame[name as keyof Frame] = rest.join(': ');
            }
          }
          frames.push(frame);
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    response,
    frames,
    events: () => frames.filter((f) => f.event),
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

const send = async (user: TestUser, clientId: number, text: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/api/clients/${clientId}/messages/`,
      headers: (await login(t, user)).headers,
      payload: { text },
    })
  ).json<{ id: number }>().id;

describe('GET /api/events/', () => {
  it('tells the others in a conversation of each message and read at once, and nobody else', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const clientSession = await login(t, client);
    const therapistStream = await openStream(await login(t, therapist));
    const clientStream = await openStream(clientSession);
    const strangerStream = await openStream(await login(t, stranger));
    expect(therapistStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await expect.poll(() => therapistStream.frames[0]).toEqual({ retry: '3000' });

    const id = await send(client, client.id, 'Is this swelling normal?');
    await expect
      .poll(() => therapistStream.events(), { timeout: 1000 })
      .toEqual([{ id: String(id), event: 'message', data: JSON.stringify({ client_id: client.id, id }) }]);

    await t.app.inject({
      method: 'POST',
      url: `/api/clients/${client.id}/messages/read/`,
      headers: (await login(t, therapist)).headers,
      payload: { up_to: id },
    });
    await expect
      .poll(() => clientStream.events(), { timeout: 1000 })
      .toEqual([{ event: 'read', data: JSON.stringify({ client_id: client.id, id }) }]);
    // The sender and the reader hear nothing of their own doing; another clinic nothing at all.
    expect(therapistStream.events()).toHaveLength(1);
    expect(strangerStream.events()).toEqual([]);
    await Promise.all([therapistStream.close(), clientStream.close(), strangerStream.close()]);
  });

  it('replays the message events a reopened stream missed, after its Last-Event-ID', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const first = await send(client, client.id, 'One');
    const second = await send(client, client.id, 'Two');
    const third = await send(client, client.id, 'Three');
    const stream = await openStream(await login(t, therapist), { 'last-event-id': String(first) });
    await expect.poll(() => stream.events().map((e) => Number(e.id))).toEqual([second, third]);
    await stream.close();
  });

  it('ends when the session ends, and refuses a request without a token', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const stream = await openStream(session);
    await expect.poll(() => stream.frames.length).toBeGreaterThan(0);
    expect(stream.ended()).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/logout/', headers: session.headers });
    await expect.poll(() => stream.ended(), { timeout: 3000 }).toBe(true);
    expect((await fetch(`${base}/api/events/`)).status).toBe(401);
  });
});
