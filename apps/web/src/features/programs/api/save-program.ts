import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSaveProgramResponse } from '@hep/shared/schemas/programs';
import { apiUpload, type UploadProgress } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

export interface SaveProgramInput {
  /** Absent: POST /programs/ (create, replicate); present: PUT /programs/{id}/ (edit). */
  programId?: number;
  /** The multipart body built by the form: fields, the `exercises` JSON list and the exercise files. */
  body: FormData;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * Saves a program with its exercises and media in one multipart request
 * (docs/decisions/004-program-saved-in-one-request.md).
 */
export function saveProgram({ programId, body, signal, onProgress }: SaveProgramInput) {
  const path = programId === undefined ? '/programs/' : `/programs/${programId}/`;
  return apiUpload<TSaveProgramResponse>(path, {
    method: programId === undefined ? 'POST' : 'PUT',
    body,
    signal,
    onProgress,
  });
}

export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgram,
    onSuccess: (saved) => {
      queryClient.setQueryData(programKeys.detail(saved.id), saved.program);
      return queryClient.invalidateQueries({ queryKey: programKeys.all, refetchType: 'none' });
    },
  });
}
