import './pain-picker.css';
import { Trans } from '@lingui/react/macro';
import { PAIN_MAX } from '@hep/shared/domain/pain';
import type { TPainFieldProps } from '../../../lib/answer-fields';
import { revealChoice } from '../utils/reveal-choice';

const LEVELS = Array.from({ length: PAIN_MAX + 1 }, (_, level) => level);

/**
 * Pain (docs/product/feedback-and-progress.md#pain) as large one-tap choices like effort: real radio buttons (one tab stop, arrow keys move and choose), with
 * "No answer" first and chosen until the client picks a level, so that leaving it is plainly allowed and a level
 * can be taken back. The question itself says what 0 and 10 mean.
 */
export function PainPicker({ name, value, disabled, onChange, firstRef }: TPainFieldProps) {
  const option = (level: number | null) => {
    const id = `${name}-${level ?? 'none'}`;
    return (
      <div key={id} className={`pain-option${level === null ? ' pain-option-none' : ''}`}>
        <input
          ref={level === null ? firstRef : undefined}
          type="radio"
          className="pain-input"
          id={id}
          name={name}
          value={level ?? ''}
          checked={value === level}
          disabled={disabled}
          onChange={(event) => {
            onChange(level);
            revealChoice(event, '.pain-option');
          }}
        />
        <label htmlFor={id} className="pain-label">
          {level ?? <Trans>No answer</Trans>}
        </label>
      </div>
    );
  };
  return (
    <fieldset className="pain-picker mb-3" role="radiogroup">
      <legend className="feedback-legend">
        <Trans>How much pain? 0 = none, 10 = worst</Trans>{' '}
        <span className="feedback-optional">
          <Trans>(optional)</Trans>
        </span>
      </legend>
      {/* One group by name whatever the boxes: the arrow keys go from "No answer" on to 0 ... 10. */}
      <div className="pain-none mb-2">{option(null)}</div>
      <div className="pain-options">{LEVELS.map(option)}</div>
    </fieldset>
  );
}
