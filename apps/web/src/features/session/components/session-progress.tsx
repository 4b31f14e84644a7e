import { CheckLg } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TExercise } from '@hep/shared/schemas/programs';
import type { TSessionResult } from '../utils/session-plan';

interface SessionProgressProps {
  exercises: readonly TExercise[];
  current: number;
  results: ReadonlyMap<number, TSessionResult>;
}

/** "2 of 5", then one mark per exercise on the same line: done ones ticked, this one outlined. */
export function SessionProgress({ exercises, current, results }: SessionProgressProps) {
  const { t } = useLingui();
  const doneCount = exercises.filter((exercise) => results.has(exercise.id)).length;
  const position = current + 1;
  const total = exercises.length;
  return (
    <div className="session-progress">
      <p className="session-count">
        <Trans>
          {position} of {total}
          <span className="visually-hidden">, {doneCount} done</span>
        </Trans>
      </p>
      <ol className="session-steps" aria-label={t`Exercises today`}>
        {exercises.map((exercise, index) => {
          const result = results.get(exercise.id);
          const state = result ? 'done' : index === current ? 'current' : 'open';
          const name = exercise.name;
          const effort = result?.effort ?? 0;
          return (
            <li
              key={exercise.id}
              className={`session-step session-step-${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              {result ? <CheckLg aria-hidden="true" /> : <span aria-hidden="true">{index + 1}</span>}
              <span className="visually-hidden">
                {result ? t`${name}: done, effort ${effort}` : t`${name}: not done yet`}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
