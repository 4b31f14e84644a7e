/** The template calls' cache keys: every template answer lives under `templates`, so a save or delete refreshes them all. */
export const templateKeys = {
  all: ['templates'] as const,
  list: () => ['templates', 'list'] as const,
  detail: (templateId: number | string) => ['templates', 'detail', String(templateId)] as const,
};
