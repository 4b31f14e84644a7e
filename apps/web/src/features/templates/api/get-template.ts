import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { apiFetch } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** GET /templates/{id}/: one template with its exercises and signed media URLs. */
export function getTemplate(templateId: number | string): Promise<TTemplate> {
  return apiFetch<TTemplate>(`/templates/${encodeURIComponent(String(templateId))}/`);
}

export function templateQueryOptions(templateId: number | string) {
  return queryOptions({ queryKey: templateKeys.detail(templateId), queryFn: () => getTemplate(templateId) });
}

export function useTemplate(templateId: string) {
  return useQuery(templateQueryOptions(templateId));
}
