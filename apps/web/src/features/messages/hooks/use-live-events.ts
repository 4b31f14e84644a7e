import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAccessToken } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/session';
import { messageKeys } from '../api/messages-keys';

/** How long to wait before opening a closed stream again: a little longer each time, at most 30 s. */
const RETRY_MS = { first: 1_000, max: 30_000 };

/**
 * Listens to GET /api/events/ (docs/product/messages.md#live) while mounted: read with fetch streaming so that the
 * bearer token goes in a header, opened again after it closes (with Last-Event-ID, a new token after a 401). A
 * `message` or `read` event refreshes that conversation and the unread counts.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let lastId: string | null = null;
    let delay = RETRY_MS.first;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const handle = (frame: string) => {
      let event = '';
      let data = '';
      for (const line of frame.split('\n')) {
        if (line.startsWith('id: ')) lastId = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      if (event !== 'message' && event !== 'read') return;
      const { client_id: clientId } = JSON.parse(data) as { client_id: number };
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(clientId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    };

    const open = async (): Promise<void> => {
      const token = getAccessToken();
      const response = await fetch('/api/events/', {
        headers: {
          Accept: 'text/event-stream',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(lastId ? { 'Last-Event-ID': lastId } : {}),
        },
        credentials: 'include',
        signal: controller.signal,
      });
      if (response.status === 401) {
        if (!(await refreshAccessToken())) return; // signed out: nothing to listen to
        return open();
      }
      if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
      delay = RETRY_MS.first;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          handle(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    };

    const run = () => {
      open()
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          timer = setTimeout(run, delay);
          delay = Math.min(delay * 2, RETRY_MS.max);
        });
    };
    run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
