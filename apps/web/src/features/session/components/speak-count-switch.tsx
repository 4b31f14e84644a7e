import { Trans } from '@lingui/react/macro';
import { canSpeak } from '../../../lib/use-speech';

interface SpeakCountSwitchProps {
  id: string;
  on: boolean;
  onChange: (on: boolean) => void;
}

/** "Speak the count": the hold and rest timers say the seconds aloud. Not shown where the browser cannot speak. */
export function SpeakCountSwitch({ id, on, onChange }: SpeakCountSwitchProps) {
  if (!canSpeak()) return null;
  return (
    <div className="form-check form-switch session-switch mb-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={on}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="form-check-label">
        <Trans>Speak the count</Trans>
      </label>
    </div>
  );
}
