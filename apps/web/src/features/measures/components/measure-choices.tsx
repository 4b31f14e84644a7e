import './measure-choices.css';
import { useId } from 'react';
import type { TInstrumentView } from '@hep/shared/schemas/measures';

type TScale = TInstrumentView['scales'][string];

interface MeasureChoicesProps {
  /** The question, as the group's name read out with each choice. */
  legend: string;
  scale: TScale;
  value: number | undefined;
  onChange: (value: number) => void;
}

/**
 * One question's answers: its worded choices (Not at all ... Nearly every day) or the whole numbers of its scale
 * (0 to 10, with the words for its ends). Nothing is chosen until the client picks.
 */
export function MeasureChoices({ legend, scale, value, onChange }: MeasureChoicesProps) {
  const name = useId();
  const options =
    scale.options ??
    Array.from({ length: Math.round((scale.max - scale.min) / scale.step) + 1 }, (_, i) => {
      const number = scale.min + i * scale.step;
      return { value: number, label: String(number) };
    });
  const numbers = scale.options === null;
  const low = scale.anchors?.[String(scale.min)];
  const high = scale.anchors?.[String(scale.max)];
  return (
    <fieldset>
      <legend className="visually-hidden">{legend}</legend>
      <div className={`measure-choices${numbers ? ' measure-choices-numbers' : ''}`}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <div key={id} className="measure-choice">
              <input
                type="radio"
                className="measure-choice-input"
                id={id}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <label htmlFor={id} className="measure-choice-label">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      {numbers && (low || high) ? (
        <p className="measure-anchors mb-0">
          <span>
            {scale.min} = {low}
          </span>
          <span>
            {scale.max} = {high}
          </span>
        </p>
      ) : null}
    </fieldset>
  );
}
