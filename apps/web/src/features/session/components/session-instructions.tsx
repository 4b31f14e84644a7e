import './session-instructions.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * The instructions' first lines (docs/product/session.md#guided-session): enough to know what to do, with the
 * effort and I did it! still on the screen; "Show all" opens the rest, and Read aloud reads all of it. The full text
 * is also the paragraph's title.
 */
export function SessionInstructions({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    const paragraph = ref.current;
    if (!paragraph || open) return;
    const measure = () => setCut(paragraph.scrollHeight > paragraph.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(paragraph);
    return () => observer.disconnect();
  }, [open, text]);

  return (
    <div className="session-instructions-block">
      <p
        id={id}
        ref={ref}
        className={`session-instructions${open ? '' : ' session-instructions-short'}`}
        title={cut && !open ? text : undefined}
      >
        {text}
      </p>
      {cut || open ? (
        <button
          type="button"
          className="btn btn-link session-more"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? <Trans>Show less</Trans> : <Trans>Show all</Trans>}
        </button>
      ) : null}
    </div>
  );
}
