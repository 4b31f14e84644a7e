/** The program calls' cache keys: every program answer lives under `programs`, so that a save or delete refreshes them all. */
export const programKeys = {
  all: ['programs'] as const,
  forClient: (clientId: number | string) => ['programs', 'client', String(clientId)] as const,
  detail: (programId: number | string) => ['programs', 'detail', String(programId)] as const,
};
