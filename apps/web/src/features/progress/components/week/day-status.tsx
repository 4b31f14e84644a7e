import type { ComponentType } from 'react';
import {
  CheckCircleFill,
  CircleHalf,
  Clock,
  DashCircle,
  XCircleFill,
  type IconProps,
} from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TDayStatus } from '@hep/shared/domain/day-status';
import { DAY_STATUS_TEXT } from '../../utils/day-status-words';

const ICONS: Record<TDayStatus, ComponentType<IconProps>> = {
  completed: CheckCircleFill,
  'in-progress': CircleHalf,
  missed: XCircleFill,
  pending: Clock,
  'not-prescribed': DashCircle,
};

/** A day's status: the icon for a quick glance and its word beside it, so that colour is never the only cue. */
export function DayStatus({ status }: { status: TDayStatus }) {
  const { t } = useLingui();
  const Icon = ICONS[status];
  return (
    <span className={`day-status day-status-${status}`}>
      <Icon aria-hidden="true" size={22} className="flex-shrink-0" />
      <span>
        <span className="visually-hidden">
          <Trans>Status:</Trans>{' '}
        </span>
        {t(DAY_STATUS_TEXT[status])}
      </span>
    </span>
  );
}
