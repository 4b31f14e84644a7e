import './questionnaire.css';
import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TInstrumentView, TMeasureAssignment } from '@hep/shared/schemas/measures';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { formatMediumDate, todayIso } from '../../../lib/calendar-date';
import { useClientMeasures } from '../api/get-client-measures';
import { useInstruments } from '../api/get-instruments';
import { useStopMeasure } from '../api/stop-measure';
import { changeText, scheduleText, scoreText } from '../utils/measure-words';
import { AssignMeasureForm } from './assign-measure-form';
import { EnterResultDialog } from './enter-result-dialog';
import { MeasureTrendChart } from './measure-trend-chart';

/**
 * The client page's Outcome measures (docs/product/outcome-measures.md#on-the-client-page): each measure's schedule,
 * latest score and band, change since the first result in words, its trend with a table, Enter result for a
 * performance test and Stop; Assign a measure opens the form.
 */
export function ClientMeasures({ clientId, clientName }: { clientId: string; clientName: string }) {
  const measures = useClientMeasures(clientId);
  const instruments = useInstruments();
  const [assigning, setAssigning] = useState(false);
  const [notice, setNotice] = useState('');
  const [entering, setEntering] = useState<TMeasureAssignment | null>(null);
  const assignButton = useRef<HTMLButtonElement>(null);

  if (measures.isPending || instruments.isPending) return null;
  if (measures.isError || instruments.isError) {
    return (
      <PlainAlert variant="danger">
        <Trans>Outcome measures could not be loaded.</Trans>
      </PlainAlert>
    );
  }
  const byCode = new Map(instruments.data.map((i) => [i.code, i]));
  const entered = entering ? byCode.get(entering.instrument) : undefined;

  return (
    <section className="mb-4" aria-labelledby="measures-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="measures-title" className="h4 mb-0">
          <Trans>Outcome measures</Trans>
        </h2>
        {!assigning ? (
          <button
            ref={assignButton}
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              setNotice('');
              setAssigning(true);
            }}
          >
            <Trans>+ Assign a measure</Trans>
          </button>
        ) : null}
      </div>
      <div role="status">
        {notice ? (
          <PlainAlert variant="success" role="status">
            {notice}
          </PlainAlert>
        ) : null}
      </div>
      {assigning ? (
        <AssignMeasureForm
          clientId={clientId}
          instruments={instruments.data}
          onDone={(message) => {
            setNotice(message);
            setAssigning(false);
            window.setTimeout(() => assignButton.current?.focus());
          }}
        />
      ) : null}
      {measures.data.length === 0 ? (
        <p className="text-body-secondary">
          <Trans>No outcome measures assigned yet.</Trans>
        </p>
      ) : (
        measures.data.map((assignment) => {
          const instrument = byCode.get(assignment.instrument);
          return instrument ? (
            <MeasureCard
              key={assignment.id}
              clientId={clientId}
              clientName={clientName}
              assignment={assignment}
              instrument={instrument}
              onEnter={() => setEntering(assignment)}
            />
          ) : null;
        })
      )}
      {entering && entered ? (
        <EnterResultDialog
          clientId={clientId}
          assignment={entering}
          instrument={entered}
          onClose={() => setEntering(null)}
        />
      ) : null}
    </section>
  );
}

function MeasureCard({
  clientId,
  clientName,
  assignment,
  instrument,
  onEnter,
}: {
  clientId: string;
  clientName: string;
  assignment: TMeasureAssignment;
  instrument: TInstrumentView;
  onEnter: () => void;
}) {
  const { i18n } = useLingui();
  const [trendShown, setTrendShown] = useState(false);
  const stop = useStopMeasure(clientId);
  const latest = assignment.results.at(-1);
  const band = latest ? instrument.bands.find((b) => b.code === latest.band)?.label : undefined;
  const change = changeText(assignment);
  const stopped = assignment.stopped_at !== null;
  const nextDue = assignment.next_due ? formatMediumDate(assignment.next_due) : null;
  const latestScore = latest ? scoreText(latest.score, instrument) : '';
  const latestDate = latest ? formatMediumDate(todayIso(new Date(latest.taken_at))) : '';
  return (
    <article className="card card-body mb-3" aria-labelledby={`measure-${assignment.id}`}>
      <h3 id={`measure-${assignment.id}`} className="h5">
        {instrument.short_name}
        {stopped ? (
          <span className="text-body-secondary fw-normal">
            {' '}
            <Trans>(stopped)</Trans>
          </span>
        ) : null}
      </h3>
      <p className="mb-1">
        {i18n._(scheduleText(assignment))}
        {nextDue ? (
          <>
            {' · '}
            <Trans>next due {nextDue}</Trans>
          </>
        ) : null}
      </p>
      {latest ? (
        <p className="mb-1 fs-5">
          <Trans>
            Latest: <strong>{latestScore}</strong> on {latestDate}
          </Trans>
          {band ? ` · ${band}` : null}
        </p>
      ) : (
        <p className="mb-1 text-body-secondary">
          <Trans>No results yet.</Trans>
        </p>
      )}
      {change ? <p className="mb-2">{i18n._(change)}</p> : null}
      <div className="d-flex flex-wrap gap-2">
        {instrument.kind === 'performance' && !stopped ? (
          <button type="button" className="btn btn-primary" onClick={onEnter}>
            <Trans>Enter result</Trans>
          </button>
        ) : null}
        {assignment.results.length > 0 ? (
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-expanded={trendShown}
            onClick={() => setTrendShown((shown) => !shown)}
          >
            {trendShown ? <Trans>Hide trend</Trans> : <Trans>Show trend</Trans>}
          </button>
        ) : null}
        {!stopped ? (
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={stop.isPending}
            onClick={() => stop.mutate(assignment.id)}
          >
            <Trans>Stop</Trans>
          </button>
        ) : null}
      </div>
      {trendShown ? (
        <div className="mt-3">
          <MeasureTrendChart assignment={assignment} instrument={instrument} clientName={clientName} />
        </div>
      ) : null}
    </article>
  );
}
