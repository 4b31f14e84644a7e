/** Query keys of messages, in one place so that a live event can refresh what it affects. */
export const messageKeys = {
  all: ['messages'] as const,
  conversation: (clientId: number) => ['messages', 'conversation', clientId] as const,
  unread: ['messages', 'unread'] as const,
};
