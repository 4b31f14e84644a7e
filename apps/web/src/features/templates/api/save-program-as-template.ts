import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTemplate, TTemplateFromProgram } from '@hep/shared/schemas/templates';
import { apiFetch } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** POST /templates/from-program/: the program's days and exercises become a template (media by reference). */
export function saveProgramAsTemplate(body: TTemplateFromProgram): Promise<TTemplate> {
  return apiFetch<TTemplate>('/templates/from-program/', { method: 'POST', body });
}

export function useSaveProgramAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgramAsTemplate,
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
