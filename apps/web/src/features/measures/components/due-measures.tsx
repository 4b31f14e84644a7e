import './questionnaire.css';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatWeekdayShort } from '../../../lib/short-date';
import { useDueMeasures } from '../api/get-due-measures';

/**
 * Today's questionnaires, under Today's exercises (docs/product/outcome-measures.md#answering): each due measure
 * with Answer. Nothing when none is due, or when the list cannot be had (Today's exercises matter more).
 * `onSettled` says when it knows what it shows, so that the page below it appears once, without moving.
 */
export default function DueMeasures({ today, onSettled }: { today: string; onSettled: () => void }) {
  const due = useDueMeasures();
  const { t } = useLingui();
  const settled = !due.isPending;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  if (!due.data || due.data.length === 0) return null;
  return (
    <section className="card card-body mb-4 due-measures" aria-labelledby="due-measures-title">
      <h2 id="due-measures-title" className="h4">
        <Trans>Questionnaires</Trans>
      </h2>
      <ul className="list-unstyled mb-0">
        {due.data.map((measure) => {
          const since = formatWeekdayShort(measure.due);
          return (
            <li key={measure.assignment_id} className="d-flex flex-wrap align-items-center gap-2 py-2">
              <span className="flex-grow-1 fs-5">
                <span className="fw-semibold">{measure.instrument.short_name}</span>{' '}
                <span className="text-body-secondary">
                  {measure.due === today ? <Trans>due today</Trans> : <Trans>due since {since}</Trans>}
                </span>
              </span>
              <Link
                to={`/measures/${measure.assignment_id}`}
                className="btn btn-primary questionnaire-tool-button"
                aria-label={t`Answer ${measure.instrument.short_name}`}
              >
                <Trans>Answer</Trans>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
