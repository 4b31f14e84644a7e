import './notification-prompt.css';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BellFill } from 'react-bootstrap-icons';
import { LIMITS } from '@hep/shared/limits';
import { MESSAGES } from '@hep/shared/messages';
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

/**
 * "Enable Notifications?" inside the client's list: shown when the client wants reminders, this browser can take
 * them and has no active subscription, and the prompt was not put off lately. Success shows for 2 s, then closes.
 */
export function NotificationPrompt({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(() => isPromptDismissed(userId));
  const [phase, setPhase] = useState<TPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const user = useOwnUser(userId);
  const wanted = user.data?.receives_notifications === true && pushSupport() === 'supported' && !dismissed;
  const subscribed = useBrowserSubscribed(userId, wanted);

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
      setError(failure instanceof PushError ? failure.message : MESSAGES.notificationsEnableFailed);
    }
  };

  const later = () => {
    dismissPrompt(userId);
    setDismissed(true);
  };

  return (
    <section className="card notification-prompt mb-4" aria-labelledby="notification-prompt-title">
      <div className="card-body">
        <div className="d-flex align-items-start gap-3">
          <BellFill aria-hidden="true" size={26} className="notification-prompt-icon flex-shrink-0 mt-1" />
          <div className="flex-grow-1">
            <h2 id="notification-prompt-title" className="h5 mb-1">
              {MESSAGES.enableNotificationsTitle}
            </h2>
            <p className="mb-0">Get a reminder on this device when it is time for your exercises.</p>
          </div>
          {phase === 'enabled' ? null : (
            <button
              type="button"
              className="btn-close notification-prompt-close flex-shrink-0"
              aria-label="Close"
              onClick={later}
            />
          )}
        </div>
        {phase === 'enabled' ? (
          <PlainAlert variant="success" role="status" className="mt-3 mb-0">
            {MESSAGES.notificationsEnabled}
          </PlainAlert>
        ) : (
          <div className="d-grid gap-2 d-sm-flex mt-3">
            <button
              type="button"
              className="btn btn-primary"
              disabled={phase === 'busy'}
              onClick={() => void enable()}
            >
              {phase === 'busy' ? 'Enabling...' : MESSAGES.enableNotifications}
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={later}>
              {MESSAGES.maybeLater}
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
