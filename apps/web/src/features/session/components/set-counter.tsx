import { useState } from 'react';
import { CheckCircleFill } from 'react-bootstrap-icons';
import { Plural, Trans } from '@lingui/react/macro';

/** "Set 2 of 3" with a Set done button, for an exercise done in sets. Only a help: it saves nothing. */
export function SetCounter({ sets }: { sets: number }) {
  const [done, setDone] = useState(0);
  const finished = done >= sets;
  const current = done + 1;
  return (
    <div className="session-panel">
      <p className="session-panel-value mb-2" aria-live="polite" aria-atomic="true">
        {finished ? (
          <>
            <CheckCircleFill aria-hidden="true" className="session-done-icon me-2" />
            <Plural value={sets} _1="Set done" other="All # sets done" />
          </>
        ) : (
          <Trans>
            Set {current} of {sets}
          </Trans>
        )}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {finished ? null : (
          <button
            type="button"
            className="btn btn-outline-primary session-tool-button"
            onClick={() => setDone(done + 1)}
          >
            <Trans>Set done</Trans>
          </button>
        )}
        {done > 0 ? (
          <button type="button" className="btn btn-link session-tool-button" onClick={() => setDone(0)}>
            <Trans>Start the sets again</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}
