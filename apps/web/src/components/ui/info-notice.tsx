import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';

/**
 * A calm notice under a form after it saved (e.g. "we sent a confirmation link"), announced to screen readers and
 * brought into the middle of the screen, so that on a phone it is not left under the bottom bar.
 */
export function InfoNotice({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, [text]);
  return (
    <div ref={ref}>
      <Alert variant="info" role="status" className="mt-3 mb-0">
        {text}
      </Alert>
    </div>
  );
}
