/** Query keys of messages, in one place so that a live event can refresh what it affects. */
export const messageKeys = {
  all: ['messages'] as const,
  conversation: (clientId: number) => ['messages', 'conversation', clientId] as const,
  unread: ['messages', 'unread'] as const,
  /** A conversation's messages waiting in this phone's outbox. */
  waiting: (clientId: number) => ['messages', 'waiting', clientId] as const,
};

/**
 * Sent on `window` when the signed-in user's read mark moves: the bottom bar, outside the query library's layout, asks
 * its count again.
 */
export const UNREAD_CHANGED_EVENT = 'hep:unread-changed';
