import './notification-prompt.css';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BellFill } from 'react-bootstrap-icons';
import { LIMITS } from '@hep/shared/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { dismissPrompt, isPromptDismissed } from '../utils/prompt-dismissal';
import {
  enableNotifications,
  PushError,
  pushSupport,
  subscriptionQueryOptions,
} from '../utils/push-notifications';
import { useBrowserSubscribed, useOwnUser } from '../api/get-notification-state';

type TPhase = 'idle' | 'busy' | 'enabled' | 'closed';

interface NotificationPromptProps {
  userId: number;
  /**
   * Called once it is known whether the prompt shows: the page holds what comes below it until then, so that the
   * prompt appearing never moves the list under the client's finger (no layout shift).
   */
  onSettled?: (shown: boolean) => void;
}

/**
 * "Enable Notifications?" inside the client's list: shown when the client wants reminders, this browser can take
 * them and has no active subscription, and the prompt was not put off lately. Success shows for 2 s, then closes.
 */
export function NotificationPrompt({ userId, onSettled }: NotificationPromptProps) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(() => isPromptDismissed(userId));
  const [phase, setPhase] = useState<TPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const user = useOwnUser(userId);
  const wanted = user.data?.receives_notifications === true && pushSupport() === 'supported' && !dismissed;
  const subscribed = useBrowserSubscribed(userId, wanted);
  const shown = phase === 'enabled' || (phase !== 'closed' && wanted && subscribed.data === false);
  // Known once the profile has answered (unless nothing depends on it) and, when reminders are wanted, the
  // subscription check too.
  const profileKnown = dismissed || pushSupport() !== 'supported' || !user.isPending;
  const settled = profileKnown && (!wanted || !subscribed.isPending);

  useEffect(() => {
    if (settled) onSettled?.(shown);
  }, [settled, shown, onSettled]);

  useEffect(() => {
    if (phase !== 'enabled') return;
    const timer = setTimeout(() => {
      setPhase('closed');
      queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, true);
    }, LIMITS.notificationPromptSuccessMs);
    return () => clearTimeout(timer);
  }, [phase, queryClient, userId]);

  if (phase === 'closed') return null;
  // Once enabled, the prompt stays for its success message whatever the queries say meanwhile.
  if (phase !== 'enabled' && (!wanted || subscribed.data !== false)) return null;

  const enable = async () => {
    setError(null);
    setPhase('busy');
    try {
      await enableNotifications();
      setPhase('enabled');
    } catch (failure) {
      setPhase('idle');
      setError(
        failure instanceof PushError
          ? failure.message
          : t`Failed to enable notifications. Please ensure notifications are enabled in your device/browser settings and try again.`,
      );
    }
  };

  const later = () => {
    dismissPrompt(userId);
    setDismissed(true);
  };

  return (
    <section className="card notification-prompt mb-4" aria-labelledby="notification-prompt-title">
      <div className="card-body notification-prompt-body">
        <h2 id="notification-prompt-title" className="h5 notification-prompt-title">
          <BellFill aria-hidden="true" className="notification-prompt-icon" />
          <Trans>Enable Notifications?</Trans>
        </h2>
        <p className="mb-0 notification-prompt-text">
          <Trans>Get a reminder on this device when it is time for your exercises.</Trans>
        </p>
        {/* In the corner, beside the title: the text below keeps the card's full width at any zoom. */}
        {phase === 'enabled' ? null : (
          <button
            type="button"
            className="btn-close notification-prompt-close"
            aria-label={t`Close`}
            onClick={later}
          />
        )}
        {phase === 'enabled' ? (
          <PlainAlert variant="success" role="status" className="mt-3 mb-0">
            <Trans>Notifications enabled successfully!</Trans>
          </PlainAlert>
        ) : (
          <div className="d-grid gap-2 d-sm-flex mt-3">
            <button
              type="button"
              className="btn btn-primary"
              disabled={phase === 'busy'}
              onClick={() => void enable()}
            >
              {phase === 'busy' ? <Trans>Enabling...</Trans> : <Trans>Enable Notifications</Trans>}
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={later}>
              <Trans>Maybe Later</Trans>
            </button>
          </div>
        )}
        {error ? (
          <PlainAlert variant="danger" className="mt-3 mb-0">
            {error}
          </PlainAlert>
        ) : null}
      </div>
    </section>
  );
}
