import './all-done.css';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { CheckCircleFill } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TExercise } from '@hep/shared/schemas/programs';
import { EffortFace } from '../../../components/ui/effort-face';
import { effortWords, painWords } from '../utils/effort-words';
import type { TSessionResult } from '../utils/session-plan';
import { SessionSummary } from './session-summary';

interface AllDoneProps {
  programId: number;
  /** The session's day, `yyyy-MM-dd`. */
  date: string;
  exercises: readonly TExercise[];
  results: ReadonlyMap<number, TSessionResult>;
  headingRef: Ref<HTMLHeadingElement>;
  /** Offered when some were skipped: go back to them. */
  onDoSkipped: () => void;
}

/**
 * The end of the day's list: the week so far and a trend (docs/product/session.md#all-done), what was done with its
 * effort and pain; anything skipped can still be done.
 */
export function AllDone({ programId, date, exercises, results, headingRef, onDoSkipped }: AllDoneProps) {
  const done = exercises.filter((exercise) => results.has(exercise.id));
  const left = exercises.filter((exercise) => !results.has(exercise.id));
  const { t } = useLingui();
  const title = left.length === 0 ? t`All done for today` : t`Finished for now`;
  return (
    <section className="session-all-done" aria-labelledby="session-finished-heading">
      <title>{t`${title} | Home Exercise Program`}</title>
      <h1 id="session-finished-heading" ref={headingRef} tabIndex={-1} className="session-heading">
        {left.length === 0 ? <CheckCircleFill aria-hidden="true" className="session-done-icon me-2" /> : null}
        {title}
      </h1>
      {done.length > 0 ? (
        <SessionSummary
          programId={programId}
          date={date}
          exercises={exercises}
          results={results}
          dayDone={left.length === 0}
        />
      ) : null}
      {done.length > 0 ? (
        <>
          <h2 className="h4 fw-bold mt-4">
            <Trans>What you did</Trans>
          </h2>
          <ul className="list-unstyled d-grid gap-2 session-done-list">
            {done.map((exercise) => {
              const { effort, pain } = results.get(exercise.id)!;
              return (
                <li key={exercise.id} className="session-done-item">
                  <span className="fw-semibold text-break">{exercise.name}</span>
                  <span>
                    {effort > 0 ? <EffortFace rating={effort} className="session-done-face me-2" /> : null}
                    {effortWords(effort)}
                  </span>
                  {pain === null ? null : <span>{painWords(pain)}</span>}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {left.length > 0 ? (
        <>
          <h2 className="h4 fw-bold mt-4">
            <Trans>Not done yet</Trans>
          </h2>
          <ul className="session-left-list">
            {left.map((exercise) => (
              <li key={exercise.id} className="text-break">
                {exercise.name}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary btn-lg w-100 mb-3" onClick={onDoSkipped}>
            <Trans>Do the ones left</Trans>
          </button>
        </>
      ) : null}
      <Link
        to="/programs"
        className={`btn btn-lg w-100 ${left.length > 0 ? 'btn-outline-primary' : 'btn-primary'}`}
      >
        <Trans>Back to my programs</Trans>
      </Link>
    </section>
  );
}
