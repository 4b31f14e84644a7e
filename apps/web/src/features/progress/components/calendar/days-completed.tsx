import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Calendar3 } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useProgramMonthStatus } from '../../api/get-program-status';
import { useLogFailure } from '../../../../lib/use-log-failure';
import { MonthCalendar } from './month-calendar';
import { monthOf, shiftMonth } from './month-grid';
import './days-completed.css';

interface DaysCompletedProps {
  programId: number;
  /** The day the page shows; the calendar opens on its month. */
  date: string;
}

/**
 * Show Days Completed / Hide Days Completed and the month calendar behind it: one status call per month shown,
 * only once it is opened. A failed call is only logged; the days then show their numbers
 * (docs/product/feedback-and-progress.md#feedback-card).
 */
export function DaysCompleted({ programId, date }: DaysCompletedProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(date));
  const panelId = useId();
  const statuses = useProgramMonthStatus(programId, month, open);
  useLogFailure(statuses.error, 'Failed to load the calendar of days completed');
  const current = statuses.isPlaceholderData || statuses.isError ? undefined : statuses.data;

  return (
    <section className="days-completed mt-4" aria-label={t`Days completed`}>
      <Button
        variant="outline-primary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Calendar3 aria-hidden="true" />
        {open ? <Trans>Hide Days Completed</Trans> : <Trans>Show Days Completed</Trans>}
      </Button>
      <div id={panelId} hidden={!open} className="card card-body mt-3">
        {open ? (
          <MonthCalendar
            programId={programId}
            month={month}
            viewDate={date}
            statuses={current}
            loading={statuses.isFetching}
            onMonthChange={(delta) => setMonth((shown) => shiftMonth(shown, delta))}
          />
        ) : null}
      </div>
    </section>
  );
}
