import type { AppContext } from '../../context';
import { findSessionUser, listenForSessionUserChanges, type SessionUser } from '../users/users.service';

export const CALLER_CACHE_LIMITS = {
  /** Users kept at once; the oldest entry goes first. */
  maxUsers: 10_000,
  /** A second safety net: an entry is read again after this even if no change was heard (a silently dead link). */
  ttlMs: 5_000,
};

interface Entry {
  user: SessionUser;
  /** Sessions (refresh-token families) seen open since the entry was made. */
  openSessions: Set<string>;
  expiresAt: number;
}

export interface CallerCache {
  /** As findSessionUser: the user and whether `sessionId` is still open; null when the user is gone. */
  find(userId: number, sessionId: string): Promise<SessionUser | null>;
  /** Whether changes are being heard, so that the cache serves what it holds. */
  readonly listening: boolean;
  /**
   * Drops every entry at once: this node just committed a change. The database's notification of it reaches this
   * node's listener a moment after the commit, and a request right behind the change must not be served what it
   * replaced (a deactivated user, an ended session).
   */
  forgetAll(): void;
  /** Stops listening; the cache then serves nothing. */
  close(): Promise<void>;
}

/**
 * The callers' account state per process (docs/decisions/013-caller-cache.md). Only an active user with an open
 * session is kept, and only while this process listens for the database's change notifications: a change committed
 * anywhere drops the user's entry on every node before its next request, and while the listener is down nothing is
 * served from here at all, so correctness never rests on the cache.
 */
export function createCallerCache(ctx: AppContext, limits = CALLER_CACHE_LIMITS): CallerCache {
  const entries = new Map<number, Entry>();
  let listening = false;
  // Moves on with every change heard: a read that started before one may hold what it replaced, so is not kept.
  let generation = 0;

  const stopListening = listenForSessionUserChanges(ctx, {
    onChanged: (userId) => {
      generation += 1;
      if (userId === 'all') entries.clear();
      else entries.delete(userId);
    },
    onListening: (now) => {
      generation += 1;
      listening = now;
      entries.clear();
    },
  });

  function keep(user: SessionUser, sessionId: string, now: number) {
    const entry = entries.get(user.id);
    if (entry && entry.expiresAt > now) {
      entry.user = user;
      entry.openSessions.add(sessionId);
      return;
    }
    entries.delete(user.id);
    if (entries.size >= limits.maxUsers) entries.delete(entries.keys().next().value!);
    entries.set(user.id, { user, openSessions: new Set([sessionId]), expiresAt: now + limits.ttlMs });
  }

  return {
    get listening() {
      return listening;
    },
    async find(userId, sessionId) {
      const now = Date.now();
      const entry = listening ? entries.get(userId) : undefined;
      if (entry && entry.expiresAt > now && entry.openSessions.has(sessionId)) return entry.user;
      const seen = generation;
      const user = await findSessionUser(ctx, userId, sessionId);
      if (listening && seen === generation && user?.isActive && user.sessionOpen) keep(user, sessionId, now);
      return user;
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
