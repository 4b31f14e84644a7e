import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZPatchUser, type TUserDetail } from '@hep/shared/schemas/users';
import { FormField, describedBy } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { toTimeInputValue } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { timeZoneLabel, timeZoneOptions } from '../utils/timezones';
import { BrowserNotificationsSwitch } from './browser-notifications-switch';
import {
  useUpdateNotificationPreferences,
  type TNotificationPreferences,
} from '../api/update-notification-preferences';

const ZPreferences = ZPatchUser.pick({
  notification_preferred_time: true,
  notification_timezone: true,
}).required();

/** Whether this browser gets exercise reminders, and when and in which time zone they arrive (clients and staff). */
export function NotificationPreferencesForm({ user }: { user: TUserDetail }) {
  const [saved, setSaved] = useState(false);
  const { t } = useLingui();
  const session = useSession();
  const update = useUpdateNotificationPreferences(String(user.id));
  const zones = timeZoneOptions(user.notification_timezone);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<TNotificationPreferences>({
    resolver: translatedResolver(zodResolver(ZPreferences)),
    defaultValues: {
      notification_preferred_time: toTimeInputValue(user.notification_preferred_time),
      notification_timezone: user.notification_timezone ?? 'UTC',
    },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit((values) => {
    setSaved(false);
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        setSaved(true);
      },
    });
  });

  const zoneError = errors.notification_timezone?.message;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="notification-preferences-title"
    >
      <h2 id="notification-preferences-title" className="h4 mb-3">
        <Trans>Notification Preferences</Trans>
      </h2>
      {/* This browser belongs to the signed-in user: staff looking at someone else's profile get no switch. */}
      {session.user?.id === user.id ? <BrowserNotificationsSwitch user={user} /> : null}
      <TextField
        id="notification-time"
        label={t`Preferred reminder time`}
        type="time"
        error={errors.notification_preferred_time?.message}
        {...register('notification_preferred_time', { onChange: () => setSaved(false) })}
      />
      <FormField id="notification-timezone" label={t`Timezone`} error={zoneError}>
        <select
          id="notification-timezone"
          className={`form-select${zoneError ? ' is-invalid' : ''}`}
          aria-invalid={zoneError ? true : undefined}
          aria-describedby={describedBy('notification-timezone', { error: zoneError })}
          {...register('notification_timezone', { onChange: () => setSaved(false) })}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </select>
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={update.isPending}>
        {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Preferences</Trans>}
      </button>
      {saved ? (
        <Alert variant="success" role="status" className="mt-3 mb-0">
          <Trans>Notification preferences updated successfully!</Trans>
        </Alert>
      ) : null}
      {update.isError ? (
        <Alert variant="danger" className="mt-3 mb-0">
          {errorMessage(update.error, t`Failed to update notification preferences. Please try again.`)}
        </Alert>
      ) : null}
    </form>
  );
}
