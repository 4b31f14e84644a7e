import './session.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ListUl } from 'react-bootstrap-icons';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TExercise } from '@hep/shared/schemas/programs';
import { PlainAlert } from '../../../components/ui/plain-alert';
import type { TSessionServices } from '../types';
import {
  mergeResults,
  nextStep,
  type TSessionReport,
  type TSessionResult,
  type TSessionStep,
} from '../utils/session-plan';
import { AllDone } from './all-done';
import { SessionProgress } from './session-progress';
import { SessionStep } from './session-step';

/** Past this share of the screen's height, a new screen's heading is scrolled up to the top. */
const HEADING_LOW = 0.6;

interface SessionRunnerProps {
  programId: number;
  /** The session's day, `yyyy-MM-dd`. */
  date: string;
  exercises: readonly TExercise[];
  /** The day's entries already sent: exercise id -> effort and pain. */
  saved: ReadonlyMap<number, TSessionReport>;
  /** The program's accordion view for the same day ("See all exercises"). */
  allExercisesHref: string;
  services: TSessionServices;
  /**
   * Shown at the top of every screen (the completion toast), told whether it is the end of the list: it must never
   * cover the next step.
   */
  banner?: (finished: boolean) => ReactNode;
}

/**
 * The client's session: one exercise per screen, from the first not done yet, each followed by the next one by
 * itself; then what was done. Focus moves to each new screen's heading, so that a screen reader starts there.
 */
export function SessionRunner(props: SessionRunnerProps) {
  const { programId, date, exercises, saved, allExercisesHref, services, banner } = props;
  const { t } = useLingui();
  const ids = useMemo(() => exercises.map((exercise) => exercise.id), [exercises]);
  const [local, setLocal] = useState<ReadonlyMap<number, TSessionResult>>(new Map());
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const results = useMemo(() => mergeResults(saved, local), [saved, local]);
  const done = useMemo(() => new Set(results.keys()), [results]);
  const [step, setStep] = useState<TSessionStep>(() => nextStep(ids, done, skipped, -1));
  const [queuedText, setQueuedText] = useState<MessageDescriptor | null>(null);
  const [speakCount, setSpeakCount] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After a move (not on arrival), the new screen starts at its top with focus on its heading. When the toast
  // above pushes the heading low (a zoomed or small screen), the heading comes first instead: it is the next step.
  useEffect(() => {
    const heading = headingRef.current;
    if (!moved.current || !heading) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.focus({ preventScroll: true });
    if (heading.getBoundingClientRect().bottom > window.innerHeight * HEADING_LOW)
      heading.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [step]);

  const goTo = (next: TSessionStep) => {
    moved.current = true;
    setStep(next);
  };

  const current = step.kind === 'exercise' ? exercises[step.index] : undefined;
  const position = step.kind === 'exercise' ? step.index + 1 : 0;
  const total = exercises.length;

  return (
    <div className="session">
      {banner?.(current === undefined)}
      {queuedText ? (
        <PlainAlert variant="info" role="status" className="mb-3">
          {t(queuedText)}
        </PlainAlert>
      ) : null}
      {current && step.kind === 'exercise' ? (
        <>
          <title>{t`${current.name} (${position} of ${total}) | Home Exercise Program`}</title>
          <SessionProgress exercises={exercises} current={step.index} results={results} />
          <SessionStep
            key={current.id}
            exercise={current}
            result={results.get(current.id)}
            services={services}
            headingRef={headingRef}
            speakCount={speakCount}
            onSpeakCountChange={setSpeakCount}
            seeAll={
              <Link to={allExercisesHref} className="session-see-all">
                <ListUl aria-hidden="true" size={22} />
                <Trans>See all exercises</Trans>
              </Link>
            }
            onSaved={(report, outcome) => {
              const queued = outcome.status === 'queued';
              const nextLocal = new Map(local).set(current.id, { ...report, queued });
              setLocal(nextLocal);
              setQueuedText(queued ? outcome.text : null);
              goTo(nextStep(ids, new Set([...done, current.id]), skipped, step.index));
            }}
            onSkip={() => {
              const nextSkipped = new Set(skipped).add(current.id);
              setSkipped(nextSkipped);
              setQueuedText(null);
              goTo(nextStep(ids, done, nextSkipped, step.index));
            }}
            onNext={() => {
              setQueuedText(null);
              goTo(nextStep(ids, done, skipped, step.index));
            }}
          />
        </>
      ) : (
        <AllDone
          programId={programId}
          date={date}
          exercises={exercises}
          results={results}
          headingRef={headingRef}
          onDoSkipped={() => {
            setSkipped(new Set());
            setQueuedText(null);
            goTo(nextStep(ids, done, new Set(), -1));
          }}
        />
      )}
    </div>
  );
}
