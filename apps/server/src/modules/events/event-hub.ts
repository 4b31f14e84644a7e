import type { AppContext, Caller } from '../../context';
import { listenForNotifications, type StopListening } from '../../db/client';
import { listenForSessionUserChanges } from '../users/users.service';
import { inConversation } from '../messages/messages.policy';
import { EVENTS_CHANNEL } from './events.sql';

/** An event as the database sends it (events.sql.ts): the conversation, and what happened in it. */
export interface HubEvent {
  type: 'message' | 'read';
  client_id: number;
  clinic_id: number | null;
  created_by_id: number | null;
  /** The carers in the conversation: a live `full` link to the client. */
  carer_ids?: number[];
  /** message: the message id; read: the reader's new mark. */
  id: number;
  /** message: its sender; read: the reader (never told of their own read). */
  user_id: number;
}

/** One open stream: who it is for, and how to tell it or end it. */
export interface LiveStream {
  caller: Caller;
  send: (event: HubEvent) => void;
  /** Checks again that the stream's session is open; ends the stream when not. */
  recheck: () => void;
}

/**
 * The streams open on this node and the two listeners that feed them (docs/product/messages.md#live): events from
 * every node, and changes to users (a logout or a deactivation ends that user's streams at once). Both listen on the
 * process's one listening connection; they start with the first stream and stop with the last.
 */
export function createEventHub(ctx: AppContext) {
  const streams = new Set<LiveStream>();
  let stops: (StopListening | null)[] = [];

  const deliver = (payload: string) => {
    let event: HubEvent;
    try {
      event = JSON.parse(payload) as HubEvent;
    } catch {
      return;
    }
    const conversation = {
      id: event.client_id,
      isStaff: false,
      isTherapist: false,
      isCarer: false,
      clientClinicId: event.clinic_id,
      clientCreatedById: event.created_by_id,
    };
    for (const stream of streams)
      if (
        stream.caller.id !== event.user_id &&
        inConversation(
          stream.caller,
          conversation,
          event.carer_ids?.includes(stream.caller.id) ? 'full' : null,
        )
      )
        stream.send(event);
  };

  const start = () => {
    stops = [
      listenForNotifications(ctx.db, EVENTS_CHANNEL, {
        onNotification: deliver,
        onListening: () => undefined,
      }),
      listenForSessionUserChanges(ctx, {
        onChanged: (userId) => {
          for (const stream of streams) if (userId === 'all' || stream.caller.id === userId) stream.recheck();
        },
        onListening: () => undefined,
      }),
    ];
  };

  return {
    open(stream: LiveStream): () => void {
      if (streams.size === 0) start();
      streams.add(stream);
      return () => {
        streams.delete(stream);
        if (streams.size === 0) {
          const stopping = stops;
          stops = [];
          for (const stop of stopping) void stop?.();
        }
      };
    },
    /** The number of open streams (metrics, tests). */
    size: () => streams.size,
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
