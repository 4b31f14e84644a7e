import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { apiUpload, type UploadProgress } from '../../../lib/api-client';
import { libraryKeys } from './library-keys';

export interface SaveLibraryExerciseInput {
  /** Absent: POST /library/exercises/ (add); present: PUT /library/exercises/{id}/ (edit). */
  id?: number;
  /** Multipart: name, instructions, one `tags` field per tag, the dosage fields, files `image` and `video`. */
  body: FormData;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** Adds or changes one of the clinic's library exercises, with its photo and video, in one request. */
export function saveLibraryExercise({ id, body, signal, onProgress }: SaveLibraryExerciseInput) {
  return apiUpload<TLibraryExercise>(id === undefined ? '/library/exercises/' : `/library/exercises/${id}/`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    signal,
    onProgress,
  });
}

/** Saves a library exercise; the lists and tags are fetched again. */
export function useSaveLibraryExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLibraryExercise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
