import { CheckCircleFill, CircleHalf, XCircleFill } from 'react-bootstrap-icons';
import type { TDayStatus } from '@hep/shared/domain/day-status';

const ICONS = {
  completed: CheckCircleFill,
  'in-progress': CircleHalf,
  missed: XCircleFill,
} as const;

/** Whether the calendar shows an icon for the status (the others show the day's number). */
export function hasStatusIcon(status: TDayStatus | undefined): status is keyof typeof ICONS {
  return status === 'completed' || status === 'in-progress' || status === 'missed';
}

/** The status's icon, decorative: the words sit beside it for screen readers. */
export function DayStatusIcon({ status }: { status: keyof typeof ICONS }) {
  const Icon = ICONS[status];
  return <Icon aria-hidden="true" className={`day-status-icon status-${status}`} />;
}
