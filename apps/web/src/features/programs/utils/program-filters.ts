import { classifyProgram, type TProgramTab } from '@hep/shared/domain/program-classification';
import type { TProgram } from '@hep/shared/schemas/programs';

/**
 * The Active and Past tabs (docs/product/programs-and-exercises.md#active-and-past); a program without a start date
 * is in neither.
 */
export function programsByTab<T extends Pick<TProgram, 'start_date' | 'end_date'>>(
  programs: readonly T[],
  today: string,
): Record<TProgramTab, T[]> {
  const tabs: Record<TProgramTab, T[]> = { active: [], past: [] };
  for (const program of programs) {
    const tab = classifyProgram(program, today);
    if (tab) tabs[tab].push(program);
  }
  return tabs;
}

/** The distinct disciplines among the programs, sorted, for the Discipline filter. */
export function distinctDisciplines(programs: readonly Pick<TProgram, 'therapist_discipline'>[]): string[] {
  const names = new Set<string>();
  for (const program of programs) if (program.therapist_discipline) names.add(program.therapist_discipline);
  return [...names].sort((a, b) => a.localeCompare(b));
}

export interface TPastFilters {
  /** A discipline, or '' for any. */
  discipline: string;
  /** The start month, '1' to '12', or '' for any. */
  month: string;
  /** Part of the program name, any letter case. */
  keyword: string;
}

export const NO_FILTERS: TPastFilters = { discipline: '', month: '', keyword: '' };

export function hasFilters(filters: TPastFilters): boolean {
  return Boolean(filters.discipline || filters.month || filters.keyword.trim());
}

/** The Past tab's filters: every filter set must match. The month is the month of the program's start date. */
export function filterPrograms<T extends Pick<TProgram, 'name' | 'start_date' | 'therapist_discipline'>>(
  programs: readonly T[],
  filters: TPastFilters,
): T[] {
  const keyword = filters.keyword.trim().toLowerCase();
  return programs.filter((program) => {
    if (filters.discipline && program.therapist_discipline !== filters.discipline) return false;
    if (filters.month && Number(program.start_date?.slice(5, 7)) !== Number(filters.month)) return false;
    if (keyword && !program.name.toLowerCase().includes(keyword)) return false;
    return true;
  });
}
