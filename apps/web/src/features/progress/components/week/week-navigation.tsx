import { useState } from 'react';
import { ChevronLeft, ChevronRight, Funnel } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '../../../../components/ui/text-field';
import {
  canMoveWeek,
  FILTER_MIN_DATE,
  filterMaxDate,
  formatWeekDate,
  movedWeekDate,
  rangeMessage,
  readFilterDate,
  type TWeekRange,
} from './week-dates';

interface WeekNavigationProps {
  week: TWeekRange;
  /** The chosen date (its week is shown). */
  date: string;
  today: string;
  onChoose: (date: string) => void;
}

/** The Filter toggle with its date input, the week line, and a week back, forward and to this week. */
export function WeekNavigation({ week, date, today, onChoose }: WeekNavigationProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // What the input holds while it is not a date the list can show (still being typed, or out of range).
  const [typed, setTyped] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const thisWeek = week.start <= today && today <= week.end;
  const startWords = formatWeekDate(week.start);
  const endWords = formatWeekDate(week.end);

  const choose = (next: string) => {
    setTyped(null);
    setRefused(false);
    onChoose(next);
  };

  const onDateChange = (value: string) => {
    const choice = readFilterDate(value, today);
    if (choice.kind === 'ok') return choose(choice.date);
    setTyped(value);
    setRefused(choice.kind === 'refused');
  };

  return (
    <div className="week-navigation mb-4">
      <button
        type="button"
        className="btn btn-outline-primary"
        aria-expanded={open}
        aria-controls="week-filter"
        onClick={() => setOpen((value) => !value)}
      >
        <Funnel aria-hidden="true" />
        <Trans>Filter</Trans>
      </button>
      <div id="week-filter" className="week-filter mt-3" hidden={!open}>
        <TextField
          id="week-filter-date"
          label={t`Show the week of`}
          type="date"
          min={FILTER_MIN_DATE}
          max={filterMaxDate(today)}
          value={typed ?? date}
          hint={refused ? undefined : rangeMessage(today)}
          error={refused ? rangeMessage(today) : undefined}
          onChange={(event) => onDateChange(event.target.value)}
        />
      </div>
      <p className="week-line fw-semibold mt-3 mb-2" aria-live="polite">
        <Trans>
          Showing week: {startWords} - {endWords}
        </Trans>
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!canMoveWeek(week, -1, today)}
          onClick={() => choose(movedWeekDate(week, -1, today))}
        >
          <ChevronLeft aria-hidden="true" className="flip-rtl" />
          <Trans>Previous week</Trans>
        </button>
        {thisWeek ? null : (
          <button type="button" className="btn btn-outline-primary" onClick={() => choose(today)}>
            <Trans>This week</Trans>
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!canMoveWeek(week, 1, today)}
          onClick={() => choose(movedWeekDate(week, 1, today))}
        >
          <Trans>Next week</Trans>
          <ChevronRight aria-hidden="true" className="flip-rtl" />
        </button>
      </div>
    </div>
  );
}
