import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useBlocker, type BlockerFunction } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { UnsavedChangesContext, type UnsavedChangesRegistry } from './unsaved-changes-context';

/** Holds which forms are dirty and asks before in-app navigation or unload leaves them. Mount once, in the shell. */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const dirtySources = useRef(new Map<symbol, string | undefined>());
  // The dialog's text: that of the most recently dirtied source, else the default.
  const [message, setMessage] = useState<string | undefined>(undefined);

  const registry = useMemo<UnsavedChangesRegistry>(
    () => ({
      markDirty: (sourceMessage) => {
        const source = Symbol('dirty-form');
        dirtySources.current.set(source, sourceMessage);
        setMessage(sourceMessage);
        return () => {
          dirtySources.current.delete(source);
          // With no dirty source left, keep the text: the dialog may still be fading out after Leave Page.
          if (dirtySources.current.size > 0) setMessage([...dirtySources.current.values()].at(-1));
        };
      },
    }),
    [],
  );

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtySources.current.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtySources.current.size === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext value={registry}>
      {children}
      <Modal show={blocked} onHide={() => blocker.reset?.()} centered aria-labelledby="unsaved-changes-title">
        <Modal.Header>
          <Modal.Title id="unsaved-changes-title" as="h2" className="h4">
            {MESSAGES.unsavedTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{message ?? MESSAGES.unsavedBody}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => blocker.reset?.()}>
            {MESSAGES.stayOnPage}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {MESSAGES.leavePage}
          </Button>
        </Modal.Footer>
      </Modal>
    </UnsavedChangesContext>
  );
}
