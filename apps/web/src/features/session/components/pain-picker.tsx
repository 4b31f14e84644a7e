import { PAIN_MAX, PAIN_QUESTION } from '@hep/shared/domain/pain';

interface PainPickerProps {
  /** Names the radio group and the ids of its options; unique per exercise. */
  name: string;
  /** null: no answer (the pain is optional: docs/product/feedback-and-progress.md#pain). */
  value: number | null;
  disabled: boolean;
  onChange: (pain: number | null) => void;
}

const LEVELS = Array.from({ length: PAIN_MAX + 1 }, (_, level) => level);

/**
 * Pain as large one-tap choices like effort: real radio buttons (one tab stop, arrow keys move and choose), with
 * "No answer" first and chosen until the client picks a level, so that leaving it is plainly allowed and a level
 * can be taken back. The question itself says what 0 and 10 mean.
 */
export function PainPicker({ name, value, disabled, onChange }: PainPickerProps) {
  const option = (level: number | null) => {
    const id = `${name}-${level ?? 'none'}`;
    return (
      <div key={id} className={`pain-option${level === null ? ' pain-option-none' : ''}`}>
        <input
          type="radio"
          className="pain-input"
          id={id}
          name={name}
          value={level ?? ''}
          checked={value === level}
          disabled={disabled}
          onChange={() => onChange(level)}
        />
        <label htmlFor={id} className="pain-label">
          {level ?? 'No answer'}
        </label>
      </div>
    );
  };
  return (
    <fieldset className="pain-picker mb-4">
      <legend className="session-legend">
        {PAIN_QUESTION} <span className="session-optional">(optional)</span>
      </legend>
      {/* One group by name whatever the boxes: the arrow keys go from "No answer" on to 0 ... 10. */}
      <div className="pain-none mb-2">{option(null)}</div>
      <div className="pain-options">{LEVELS.map(option)}</div>
    </fieldset>
  );
}
