import { StopCircle, VolumeUpFill } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { canSpeak, useReadAloud } from '../../lib/use-speech';

/**
 * Read aloud: the browser reads `text` (an exercise, a question) to the client. Not shown where the browser cannot
 * speak. `className` places it among its page's tools.
 */
export function ReadAloudButton({
  text,
  className = 'session-tool-button',
}: {
  text: string;
  className?: string;
}) {
  const { speaking, read, stop } = useReadAloud();
  if (!canSpeak()) return null;
  return (
    <button
      type="button"
      className={`btn btn-outline-primary ${className}`}
      aria-pressed={speaking}
      onClick={() => (speaking ? stop() : read(text))}
    >
      {speaking ? <StopCircle aria-hidden="true" size={20} /> : <VolumeUpFill aria-hidden="true" size={20} />}
      {speaking ? <Trans>Stop reading</Trans> : <Trans>Read aloud</Trans>}
    </button>
  );
}
