import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** DELETE /templates/{id}/: programs started from it keep their own copy; shared media stay while used. */
export function deleteTemplate(templateId: number): Promise<void> {
  return apiFetch<void>(`/templates/${templateId}/`, { method: 'DELETE' });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_data, templateId) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(templateId) });
      return queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}
