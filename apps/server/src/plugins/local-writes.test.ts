import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { onLocalWrite } from './local-writes';

async function appCounting() {
  const app = Fastify();
  const told = { a: 0, b: 0 };
  onLocalWrite(app, () => told.a++);
  onLocalWrite(app, () => told.b++);
  app.get('/read', async () => ({ ok: true }));
  app.post('/write', async () => ({ ok: true }));
  app.delete('/refused', async (_request, reply) => reply.status(403).send({ ok: false }));
  await app.register(async (child) => {
    child.route({ method: ['GET', 'PUT'], url: '/either', handler: async () => ({ ok: true }) });
    child.patch('/hooked', { onSend: (_r, _s, payload, done) => done(null, payload) }, async () => ({
      ok: 1,
    }));
  });
  return { app, told };
}

describe('a local write', () => {
  it("tells every cache once when a write succeeds, in nested scopes and beside a route's own onSend hook", async () => {
    const { app, told } = await appCounting();
    await app.inject({ method: 'POST', url: '/write' });
    expect(told).toEqual({ a: 1, b: 1 });
    await app.inject({ method: 'PUT', url: '/either' });
    await app.inject({ method: 'PATCH', url: '/hooked' });
    expect(told).toEqual({ a: 3, b: 3 });
  });

  it('tells no cache of a read, a refused write or a route that does not exist', async () => {
    const { app, told } = await appCounting();
    await app.inject({ method: 'GET', url: '/read' });
    await app.inject({ method: 'GET', url: '/either' });
    await app.inject({ method: 'DELETE', url: '/refused' });
    await app.inject({ method: 'POST', url: '/nowhere' });
    expect(told).toEqual({ a: 0, b: 0 });
  });
});
