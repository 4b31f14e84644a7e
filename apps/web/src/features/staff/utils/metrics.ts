import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TMetrics } from '@hep/shared/schemas/staff';

type TTherapistPrograms = TMetrics['programs']['by_therapist'][number];

/**
 * Programs by Therapist, most programs first (docs/product/staff.md#metrics-dashboard); ties by email, so the order
 * is stable.
 */
export function sortByPrograms(rows: readonly TTherapistPrograms[]): TTherapistPrograms[] {
  return [...rows].sort(
    (a, b) => b.program_count - a.program_count || a.user__email.localeCompare(b.user__email),
  );
}

/** Average effort to one decimal (docs/product/staff.md#metrics-dashboard), N/A without feedback. */
export function formatAverageEffort(average: number | null | undefined): string {
  if (typeof average !== 'number' || !Number.isFinite(average))
    return i18n._(msg({ message: 'N/A', comment: 'no average effort' }));
  return new Intl.NumberFormat(i18n.locale || 'en', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}
