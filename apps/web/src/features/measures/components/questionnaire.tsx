import './questionnaire.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { findInstrument } from '@hep/shared/measures/instruments';
import { scoreResponse } from '@hep/shared/measures/scoring';
import type { TDueMeasure } from '@hep/shared/schemas/measures';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { ReadAloudButton } from '../../../components/ui/read-aloud-button';
import { errorMessage, isApiError } from '../../../lib/api-error';
import {
  newResponseKey,
  type TMeasureSaveOutcome,
  useSaveMeasureResponse,
} from '../api/save-measure-response';
import { namedActivities, questionnaireSteps, stepOfField } from '../utils/questionnaire-steps';
import { MeasureChoices } from './measure-choices';

/**
 * A questionnaire one question per screen (docs/product/outcome-measures.md#answering): the question large, its
 * answers as big choices, Read aloud, "3 of 9", Back and Next, then Send answers and "Thank you". A client who may
 * be at risk reads the clinic's crisis text at once, before anything else.
 */
export function Questionnaire({ due, backTo = '/programs' }: { due: TDueMeasure; backTo?: string }) {
  const { instrument } = due;
  const { t } = useLingui();
  const [typed, setTyped] = useState<string[]>(() =>
    Array.from({ length: instrument.activities?.max ?? 0 }, () => ''),
  );
  const activities = namedActivities(typed);
  const steps = questionnaireSteps(instrument, activities);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TMeasureSaveOutcome | null>(null);
  const [key] = useState(newResponseKey);
  const save = useSaveMeasureResponse();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index === steps.length - 1;

  // Each screen starts at its top, its question focused (read out first by a screen reader).
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, [index, result]);

  if (result) {
    // Kept on this phone, the answers are scored here for safety alone: the crisis text cannot wait for a
    // connection (the clinic's own text needs one, so the default shows).
    const crisis = result.queued
      ? atRiskOffline(instrument.code, answers, activities)
        ? t`If you might harm yourself, call 000 or Lifeline on 13 11 14 now.`
        : null
      : result.safety
        ? result.crisis_text
        : null;
    return (
      <div className="questionnaire">
        {crisis ? (
          <PlainAlert variant="danger" className="questionnaire-crisis fs-5">
            {crisis}
          </PlainAlert>
        ) : null}
        <h2 ref={headingRef} tabIndex={-1} className="h3 mt-3">
          <Trans>Thank you</Trans>
        </h2>
        <p className="questionnaire-stem">
          {result.queued ? (
            <Trans>
              Your answers are saved on this phone. They will be sent to your therapist when you are online.
            </Trans>
          ) : (
            <Trans>Your answers were sent to your therapist.</Trans>
          )}
        </p>
        <Link to={backTo} className="btn btn-primary questionnaire-tool-button">
          <Trans>Back to today</Trans>
        </Link>
      </div>
    );
  }

  const go = (next: number) => {
    setProblem(null);
    setIndex(next);
  };

  const next = () => {
    if (step.kind === 'activities') {
      const rule = instrument.activities!;
      if (activities.length < rule.min) return setProblem(t`Name at least ${rule.min} activities.`);
    } else if (answers[step.id] === undefined) {
      return setProblem(t`Choose an answer to go on.`);
    }
    if (!last) return go(index + 1);
    send();
  };

  const send = () => {
    const questionIds = new Set(steps.flatMap((s) => (s.kind === 'question' ? [s.id] : [])));
    save.mutate(
      {
        assignmentId: due.assignment_id,
        key,
        shortName: instrument.short_name,
        due: due.due,
        answers: Object.fromEntries(Object.entries(answers).filter(([id]) => questionIds.has(id))),
        ...(instrument.activities ? { activities } : {}),
      },
      {
        onSuccess: setResult,
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {};
          const [field] = Object.keys(fields);
          const at = field ? stepOfField(steps, field) : null;
          if (at !== null) setIndex(at);
          setProblem(
            (field ? fields[field] : undefined) ??
              errorMessage(error, t`Your answers could not be sent. Please try again.`),
          );
        },
      },
    );
  };

  const progress = t`${index + 1} of ${steps.length}`;
  const spoken =
    step.kind === 'question'
      ? [
          instrument.instructions,
          step.text,
          ...(instrument.scales[step.scale]?.options?.map((o) => o.label) ?? []),
        ].join('. ')
      : instrument.instructions;

  return (
    <form
      className="questionnaire"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <div className="questionnaire-tools mb-2">
        <p className="mb-0 fw-semibold" aria-live="polite">
          {progress}
        </p>
        <ReadAloudButton text={spoken} className="questionnaire-tool-button" />
      </div>
      <p className="questionnaire-stem mb-2">{instrument.instructions}</p>
      {step.kind === 'activities' ? (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="questionnaire-question mb-3">
            <Trans>Which activities are hard for you now?</Trans>
          </h2>
          {typed.map((value, i) => (
            <div key={i} className="mb-2">
              <label htmlFor={`activity-${i}`} className="form-label fw-semibold">
                {i < instrument.activities!.min ? (
                  <Trans>Activity {i + 1}</Trans>
                ) : (
                  <Trans>Activity {i + 1} (optional)</Trans>
                )}
              </label>
              <input
                id={`activity-${i}`}
                className="form-control form-control-lg"
                maxLength={instrument.activities!.max_length}
                value={value}
                onChange={(event) =>
                  setTyped((all) => all.map((old, j) => (j === i ? event.target.value : old)))
                }
              />
            </div>
          ))}
        </>
      ) : (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="questionnaire-question mb-3">
            {step.text}
          </h2>
          <MeasureChoices
            legend={step.text}
            scale={instrument.scales[step.scale]!}
            value={answers[step.id]}
            onChange={(value) => {
              setProblem(null);
              setAnswers((all) => ({ ...all, [step.id]: value }));
            }}
          />
        </>
      )}
      {problem ? (
        <PlainAlert variant="danger" className="mt-3 mb-0">
          {problem}
        </PlainAlert>
      ) : null}
      <div className="questionnaire-actions">
        {index > 0 ? (
          <button type="button" className="btn btn-outline-primary" onClick={() => go(index - 1)}>
            <Trans>Back</Trans>
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? (
            <Trans>Sending...</Trans>
          ) : last ? (
            <Trans>Send answers</Trans>
          ) : (
            <Trans>Next</Trans>
          )}
        </button>
      </div>
    </form>
  );
}

/** Whether answers kept offline flag a risk (docs/product/outcome-measures.md#safety), scored as the server would. */
function atRiskOffline(code: string, answers: Record<string, number>, activities: string[]): boolean {
  const instrument = findInstrument(code);
  if (!instrument) return false;
  const scored = scoreResponse(instrument, {
    answers,
    ...(instrument.activities ? { activities } : {}),
  });
  return scored.ok && scored.value.safety;
}
