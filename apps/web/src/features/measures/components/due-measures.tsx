import './questionnaire.css';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { onOutboxEvent } from '../../../lib/offline/outbox-events';
import { useSession } from '../../../lib/session';
import { formatWeekdayShort } from '../../../lib/short-date';
import { useDueMeasures } from '../api/get-due-measures';
import { useWaitingMeasures } from '../api/get-waiting-measures';

/**
 * Today's questionnaires, under Today's exercises (docs/product/outcome-measures.md#answering): each due measure
 * with Answer. Nothing when none is due, or when the list cannot be had (Today's exercises matter more).
 * `onSettled` says when it knows what it shows, so that the page below it appears once, without moving.
 */
export default function DueMeasures({
  today,
  onSettled,
  clientId,
}: {
  today: string;
  onSettled: () => void;
  /** For a carer: the client they help (docs/product/carers.md#levels). */
  clientId?: number;
}) {
  const due = useDueMeasures(clientId);
  const { user } = useSession();
  const waiting = useWaitingMeasures(user?.id ?? null);
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const settled = !due.isPending && !waiting.isPending;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  // Answers kept on this phone were sent (or given up): what is due changed.
  useEffect(
    () =>
      onOutboxEvent((event) => {
        if (event.type === 'changed') void queryClient.invalidateQueries({ queryKey: ['measures'] });
      }),
    [queryClient],
  );
  const shown = due.data?.filter((measure) => !(waiting.data ?? []).includes(measure.assignment_id)) ?? [];
  if (shown.length === 0) return null;
  return (
    <section className="card card-body mb-4 due-measures" aria-labelledby="due-measures-title">
      <h2 id="due-measures-title" className="h4">
        <Trans>Questionnaires</Trans>
      </h2>
      <ul className="list-unstyled mb-0">
        {shown.map((measure) => {
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
