import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSaveTemplate, TTemplate } from '@hep/shared/schemas/templates';
import { apiFetch } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** PUT /templates/{id}/: replaces the name, days, weeks and the whole exercise list (media by id). */
export function updateTemplate(input: { templateId: number; body: TSaveTemplate }): Promise<TTemplate> {
  return apiFetch<TTemplate>(`/templates/${input.templateId}/`, { method: 'PUT', body: input.body });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
