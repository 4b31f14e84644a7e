import type { AppContext } from '../../context';
import { listenForNotifications } from '../../db/client';
import type { AttentionListKind, AttentionRow } from './attention.repository';

/*
 * Needs attention per care team, kept on each node for a minute (docs/product/feedback-and-progress.md#needs-attention,
 * docs/decisions/030-attention-cache.md). Every change to what the reasons read notifies every node on commit
 * (migration 0024), naming the client's clinic and creator: the lists that may hold that client are dropped at once.
 * Only what time alone changes (a streak that grows overnight, a program's last days) may show up to a minute late.
 * While the node does not listen, nothing is served from here.
 */

export const ATTENTION_CACHE_LIMITS = {
  /** The list is read again after this even if no change was heard: what the passing of time changes. */
  ttlMs: 60_000,
  /** Care teams kept at once; the oldest goes first. */
  maxScopes: 2_000,
};

export const ATTENTION_CHANNEL = 'attention_changes';

export interface AttentionScope {
  kind: AttentionListKind;
  clinicId: number | null;
  therapistId: number | null;
}

interface Entry {
  scope: AttentionScope;
  rows: AttentionRow[];
  /** The app's clock when it was read: its reasons hold for that moment. */
  readAt: number;
}

export interface AttentionCache {
  /** The scope's list, from here when it is kept and still true, else from `load` (kept when nothing changed meanwhile). */
  find(
    scope: AttentionScope,
    load: () => Promise<AttentionRow[]>,
  ): Promise<{ rows: AttentionRow[]; kept: boolean }>;
  /** Drops every list: this node just committed a change, whose notification is a moment behind. */
  forgetAll(): void;
  close(): Promise<void>;
}

const keyOf = (scope: AttentionScope) => `${scope.kind}:${scope.clinicId ?? ''}:${scope.therapistId ?? ''}`;

/** Whether a change to a client of `clinicId` created by `creatorId` may touch the scope's list. */
const touches = (scope: AttentionScope, clinicId: number | null, creatorId: number | null) =>
  scope.kind === 'all' ||
  (clinicId !== null && scope.clinicId === clinicId) ||
  (creatorId !== null && scope.therapistId === creatorId);

const idOf = (text: string | undefined) => (text ? Number(text) : null);

export function createAttentionCache(ctx: AppContext, limits = ATTENTION_CACHE_LIMITS): AttentionCache {
  const entries = new Map<string, Entry>();
  let listening = false;
  // Moves on with every change heard: a read that started before one may hold what it replaced, so is not kept.
  let generation = 0;

  const stopListening = listenForNotifications(ctx.db, ATTENTION_CHANNEL, {
    onNotification: (payload) => {
      generation += 1;
      const [clinic, creator] = payload.split(':');
      const clinicId = idOf(clinic);
      const creatorId = idOf(creator);
      for (const [key, entry] of entries) if (touches(entry.scope, clinicId, creatorId)) entries.delete(key);
    },
    onListening: (now) => {
      generation += 1;
      listening = now;
      entries.clear();
    },
  });

  return {
    async find(scope, load) {
      const key = keyOf(scope);
      // The app's clock (a test's fake one too): a list read for another moment than now is not served.
      const now = ctx.now().getTime();
      const entry = listening ? entries.get(key) : undefined;
      if (entry && now >= entry.readAt && now < entry.readAt + limits.ttlMs)
        return { rows: entry.rows, kept: true };
      const seen = generation;
      const rows = await load();
      if (listening && seen === generation) {
        entries.delete(key);
        if (entries.size >= limits.maxScopes) entries.delete(entries.keys().next().value!);
        entries.set(key, { scope, rows, readAt: now });
      }
      return { rows, kept: false };
    },
    forgetAll() {
      generation += 1;
      entries.clear();
    },
    async close() {
      listening = false;
      entries.clear();
      await stopListening?.();
    },
  };
}
