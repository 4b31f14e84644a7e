import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProgram } from '@hep/shared/schemas/programs';
import { apiFetch } from './api-client';

// Program calls used by more than one feature (the client page and the program pages). Features own the rest.

export const programKeys = {
  all: ['programs'] as const,
  forClient: (clientId: number | string) => ['programs', 'client', String(clientId)] as const,
  detail: (programId: number | string) => ['programs', 'detail', String(programId)] as const,
};

export function clientProgramsQueryOptions(clientId: number | string) {
  return queryOptions({
    queryKey: programKeys.forClient(clientId),
    queryFn: () => apiFetch<TProgram[]>(`/programs/?client=${encodeURIComponent(String(clientId))}`),
  });
}

export function programQueryOptions(programId: number | string) {
  return queryOptions({
    queryKey: programKeys.detail(programId),
    queryFn: () => apiFetch<TProgram>(`/programs/${encodeURIComponent(String(programId))}/`),
  });
}

/** DELETE /programs/{id}/: removes its exercises, feedback and media; every program list is refreshed. */
export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: number) => apiFetch<void>(`/programs/${programId}/`, { method: 'DELETE' }),
    onSuccess: (_data, programId) => {
      queryClient.removeQueries({ queryKey: programKeys.detail(programId) });
      return queryClient.invalidateQueries({ queryKey: programKeys.all });
    },
  });
}
