import './completion-toast.css';
import { useEffect } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { TrophyFill } from 'react-bootstrap-icons';
import { LIMITS } from '@hep/shared/limits';
import { Trans, useLingui } from '@lingui/react/macro';

interface CompletionToastProps {
  show: boolean;
  /** Changes with each completion, so that a second one in a row shows the toast for another 5 s. */
  completion: number;
  onClose: () => void;
  /**
   * `fixed` (default) floats at the top of the screen with a close button. The session's are one small block that
   * never covers what comes next: `compact` over the app's header on a phone-sized screen or larger (clear of the
   * next exercise's name, effort and I did it!), in the page's flow above it on a smaller or zoomed one; `inline`
   * always in the flow (All done, whose heading is at the top).
   */
  placement?: 'fixed' | 'compact' | 'inline';
}

/**
 * "Exercise Complete!" after a new completion; hides itself after 5 s
 * (docs/product/feedback-and-progress.md#celebration) or on its close button. Bootstrap's toast markup without
 * react-bootstrap's Toast, which always renders role="alert": a celebration is a polite status, not an interruption.
 * The live region stays in the page so that screen readers announce the toast.
 */
export function CompletionToast({ show, completion, onClose, placement = 'fixed' }: CompletionToastProps) {
  const { t } = useLingui();
  useEffect(() => {
    if (!show) return;
    const timer = window.setTimeout(onClose, LIMITS.completionToastMs);
    return () => window.clearTimeout(timer);
  }, [show, completion, onClose]);

  const where =
    placement === 'fixed'
      ? 'toast-container position-fixed top-0 start-50 translate-middle-x p-3 completion-toast-container'
      : `completion-toast-${placement}-place`;
  return (
    <div className={where} role="status" aria-live="polite" aria-atomic="true">
      {show && placement !== 'fixed' ? (
        // No close button here: it covers nothing of the exercise, goes by itself, and the next step keeps the focus.
        <div className="toast show completion-toast completion-toast-compact">
          <p className="mb-0">
            <strong className="d-block">
              <TrophyFill aria-hidden="true" className="completion-toast-icon me-2" />
              <Trans>Exercise Complete!</Trans>
            </strong>
            <span className="fw-semibold">
              <Trans>You're Absolutely Crushing It!</Trans>
            </span>{' '}
            <Trans>Another exercise completed. Keep up the amazing work!</Trans>
          </p>
        </div>
      ) : null}
      {show && placement === 'fixed' ? (
        <div className="toast show completion-toast">
          <div className="toast-header gap-2">
            <TrophyFill aria-hidden="true" className="completion-toast-icon" />
            <strong className="me-auto">
              <Trans>Exercise Complete!</Trans>
            </strong>
            <CloseButton aria-label={t`Close`} onClick={onClose} />
          </div>
          <div className="toast-body">
            <p className="fw-semibold mb-1">
              <Trans>You're Absolutely Crushing It!</Trans>
            </p>
            <p className="mb-0">
              <Trans>Another exercise completed. Keep up the amazing work!</Trans>
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
