import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { accessTokenStands, type EventHub, type HubEvent, missedMessageEvents } from './events.service';

/** A comment line this often keeps proxies from closing a quiet stream, and checks the session again. */
const HEARTBEAT_MS = 15_000;
/** How long a browser waits before it reconnects a closed stream. */
const RETRY_MS = 3_000;

const frame = (event: Pick<HubEvent, 'type' | 'client_id' | 'id'>) =>
  `${event.type === 'message' ? `id: ${event.id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify({
    client_id: event.client_id,
    id: event.id,
  })}\n\n`;

/**
 * GET /events/: Server-Sent Events for the signed-in user (docs/product/messages.md#live), read with fetch streaming
 * so that the bearer token stays in a header. `message` events (with the message id as the event id) and `read`
 * events of the user's conversations; a heartbeat comment every 15 s; a stream reopened with Last-Event-ID first
 * gets the message events it missed. The stream ends when the session does (logout, deactivation, a password
 * change, the token expiring), and when the server closes.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  guards: AuthGuards;
  hub: EventHub;
}> = async (app, { ctx, guards, hub }) => {
  const ending = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...ending]) end();
    done();
  });

  app.get(
    '/events/',
    // A stream lasts as long as the page is open: counted as a live stream, not as a request's duration.
    { schema: { tags: ['events'] }, preValidation: guards.user, config: { requestDuration: false } },
    async (request, reply) => {
      const caller = callerOf(request);
      const token = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
      const missed = await missedMessageEvents(ctx, caller, request.headers['last-event-id']);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      for (const m of missed) res.write(frame({ type: 'message', client_id: m.client_id, id: m.id }));

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        close();
        ending.delete(end);
        res.end();
      };
      const recheck = () => {
        void accessTokenStands(ctx, token).then(
          (alive) => alive || end(),
          () => undefined, // the database away: keep the stream, check again at the next heartbeat
        );
      };
      const close = hub.open({ caller, send: (event) => res.write(frame(event)), recheck });
      ending.add(end);
      const heartbeat = setInterval(() => {
        res.write(': heartbeat\n\n');
        recheck();
      }, HEARTBEAT_MS);
      request.raw.on('close', end);
    },
  );
};
