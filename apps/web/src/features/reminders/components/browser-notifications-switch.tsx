import './browser-notifications-switch.css';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { errorMessage } from '../../../lib/api-error';
import { clearPromptDismissal, dismissPrompt, PROMPT_AFTER_DISABLE_DAYS } from '../utils/prompt-dismissal';
import {
  disableNotifications,
  enableNotifications,
  PushError,
  subscriptionQueryOptions,
  unsupportedMessage,
} from '../utils/push-notifications';
import { useSetReceivesNotifications } from '../api/set-receives-notifications';

type TResult = { kind: 'success' | 'error'; text: string };

/**
 * Reminders on this browser, on or off: subscribes (asking permission) or unsubscribes at once. Turning them off
 * here also stops the programs list from prompting again on this browser for a long while.
 */
export function BrowserNotificationsSwitch({ user }: { user: TUserDetail }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const unsupported = unsupportedMessage();
  const options = subscriptionQueryOptions(user.id);
  const subscribed = useQuery({ ...options, enabled: unsupported === null });
  const setReceives = useSetReceivesNotifications(String(user.id));
  // The state being switched to, while the browser and the server are asked.
  const [target, setTarget] = useState<boolean | null>(null);
  const [result, setResult] = useState<TResult | null>(null);

  const turnOn = async () => {
    await enableNotifications();
    queryClient.setQueryData(options.queryKey, true);
    clearPromptDismissal(user.id);
    // Switching reminders on for a browser means wanting them: the account-wide choice follows.
    if (!user.receives_notifications) await setReceives.mutateAsync(true);
    return t`Notifications enabled successfully!`;
  };

  const turnOff = async () => {
    await disableNotifications();
    queryClient.setQueryData(options.queryKey, false);
    dismissPrompt(user.id, PROMPT_AFTER_DISABLE_DAYS);
    return t`Notifications disabled successfully!`;
  };

  const toggle = async (on: boolean) => {
    setResult(null);
    setTarget(on);
    try {
      setResult({ kind: 'success', text: await (on ? turnOn() : turnOff()) });
    } catch (error) {
      const fallback = on
        ? t`Failed to enable notifications. Please ensure notifications are enabled in your device/browser settings and try again.`
        : t`Something went wrong on our side. Please try again.`;
      setResult({
        kind: 'error',
        text: error instanceof PushError ? error.message : errorMessage(error, fallback),
      });
      // Show the real state again after a half-done change.
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
    } finally {
      setTarget(null);
    }
  };

  const checking = unsupported === null && subscribed.isPending;
  const checked = target ?? subscribed.data === true;
  let hint = unsupported ?? t`Exercise reminders on this device, at your preferred time.`;
  if (checking) hint = t`Checking this browser...`;
  else if (target !== null) hint = target ? t`Turning notifications on...` : t`Turning notifications off...`;
  return (
    <div className="mb-4">
      {/* A button with the switch role: the whole line is one large target, and it says on or off. */}
      <button
        id="browser-notifications"
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby="browser-notifications-hint"
        className="notification-switch"
        disabled={unsupported !== null || checking || target !== null}
        onClick={() => void toggle(!checked)}
      >
        <span className="notification-switch-track" aria-hidden="true" />
        <span className="fw-semibold">
          <Trans>Notifications on this browser</Trans>
        </span>
      </button>
      <div id="browser-notifications-hint" className="form-text mt-0">
        {hint}
      </div>
      {subscribed.isError ? (
        <Alert variant="danger" className="mt-2 mb-0">
          <Trans>Error fetching data. Please try again later.</Trans>
        </Alert>
      ) : null}
      {result ? (
        <Alert
          variant={result.kind === 'success' ? 'success' : 'danger'}
          role={result.kind === 'success' ? 'status' : 'alert'}
          className="mt-2 mb-0"
        >
          {result.text}
        </Alert>
      ) : null}
    </div>
  );
}
