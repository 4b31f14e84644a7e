import { CheckLg } from 'react-bootstrap-icons';
import type { TExercise } from '@hep/shared/schemas/programs';
import type { TSessionResult } from '../utils/session-plan';

interface SessionProgressProps {
  exercises: readonly TExercise[];
  current: number;
  results: ReadonlyMap<number, TSessionResult>;
}

/** "2 of 5", then one mark per exercise on the same line: done ones ticked, this one outlined. */
export function SessionProgress({ exercises, current, results }: SessionProgressProps) {
  const doneCount = exercises.filter((exercise) => results.has(exercise.id)).length;
  return (
    <div className="session-progress">
      <p className="session-count">
        {current + 1} of {exercises.length}
        <span className="visually-hidden">{`, ${doneCount} done`}</span>
      </p>
      <ol className="session-steps" aria-label="Exercises today">
        {exercises.map((exercise, index) => {
          const result = results.get(exercise.id);
          const state = result ? 'done' : index === current ? 'current' : 'open';
          return (
            <li
              key={exercise.id}
              className={`session-step session-step-${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              {result ? <CheckLg aria-hidden="true" /> : <span aria-hidden="true">{index + 1}</span>}
              <span className="visually-hidden">
                {result
                  ? `${exercise.name}: done, effort ${result.effort}`
                  : `${exercise.name}: not done yet`}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
