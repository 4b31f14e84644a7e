import { CSV_TEMPLATE_COLUMNS } from '@hep/shared/schemas/staff';

export const CSV_TEMPLATE_FILE_NAME = 'therapist_template.csv';

/** The header row a therapist import expects, as a CSV file's text. */
export function csvTemplateText(): string {
  return `${CSV_TEMPLATE_COLUMNS.join(',')}\r\n`;
}
