import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCsvRowError } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import type { TAddTherapistResponse } from './add-therapist';
import { staffKeys } from './staff-keys';

export interface TCsvRowError {
  row: number;
  message: string;
}

/** POST /users/add_therapist_csv/ (multipart field `file`): every row is added, or none. */
export function importTherapistsCsv(file: File): Promise<TAddTherapistResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<TAddTherapistResponse>('/users/add_therapist_csv/', { method: 'POST', body });
}

const ZRowErrors = ZCsvRowError.array();

/** The bad rows a refused import lists (`rows: [{ row, message }]` in the error body), or none. */
export function csvRowErrors(error: unknown): TCsvRowError[] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return [];
  const parsed = ZRowErrors.safeParse((error.body as { rows?: unknown }).rows);
  return parsed.success ? parsed.data : [];
}

export function useImportTherapistsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTherapistsCsv,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.users }),
        queryClient.invalidateQueries({ queryKey: staffKeys.metrics }),
      ]),
  });
}
