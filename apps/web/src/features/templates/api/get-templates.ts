import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { apiFetch } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** GET /templates/: the clinic's templates, each whole (exercises included), so choosing one needs no second call. */
export function getTemplates(): Promise<TTemplate[]> {
  return apiFetch<TTemplate[]>('/templates/');
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: templateKeys.list(), queryFn: getTemplates });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
