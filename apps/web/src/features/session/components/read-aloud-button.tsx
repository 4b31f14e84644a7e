import { StopCircle, VolumeUpFill } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { canSpeak, useReadAloud } from '../hooks/use-speech';

/** Read aloud: the browser reads the exercise to the client. Not shown where the browser cannot speak. */
export function ReadAloudButton({ text }: { text: string }) {
  const { speaking, read, stop } = useReadAloud();
  if (!canSpeak()) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-primary session-tool-button"
      aria-pressed={speaking}
      onClick={() => (speaking ? stop() : read(text))}
    >
      {speaking ? <StopCircle aria-hidden="true" size={20} /> : <VolumeUpFill aria-hidden="true" size={20} />}
      {speaking ? <Trans>Stop reading</Trans> : <Trans>Read aloud</Trans>}
    </button>
  );
}
