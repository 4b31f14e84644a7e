import { z } from 'zod';
import { isKnownTimezone } from '../domain/timezones';

const ENDPOINT_MAX = 2000;
const KEY_MAX = 200;
const ENDPOINT_INVALID = /*i18n*/ 'Enter the push service address as an https URL.';

const ZEndpoint = z
  .string({ error: ENDPOINT_INVALID })
  .trim()
  .min(1, ENDPOINT_INVALID)
  .max(ENDPOINT_MAX, ENDPOINT_INVALID)
  .pipe(z.url({ error: ENDPOINT_INVALID }));

/** base64url key material from PushSubscription.getKey (p256dh: 65 bytes; auth: 16 bytes). */
const ZKey = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(KEY_MAX, `${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url.`);

/** POST /push-subscriptions/ */
export const ZPushSubscriptionInput = z.object({
  endpoint: ZEndpoint,
  p256dh: ZKey('p256dh'),
  auth: ZKey('auth'),
  /**
   * The browser's time zone. It becomes the reminder zone when the user has not chosen one, so that reminders
   * come at the preferred time where the client lives rather than in UTC.
   */
  timezone: z
    .string()
    .max(64, /*i18n*/ 'Choose a timezone from the list.')
    .refine(isKnownTimezone, /*i18n*/ 'Choose a timezone from the list.')
    .optional(),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

/** GET /push-subscriptions/check/?endpoint= and DELETE /push-subscriptions/?endpoint= */
export const ZEndpointQuery = z.object({ endpoint: ZEndpoint });

/** GET /push-subscriptions/check/ answers whether this endpoint is saved for the caller. */
export const ZPushCheckResponse = z.object({ subscribed: z.boolean() });

/** GET /push-subscriptions/public-key/: the VAPID application server key (base64url), generated once. */
export const ZPushPublicKey = z.object({ public_key: z.string() });

/**
 * What a push carries: no health data, only a nudge and where to go. `tag` groups notifications on the lock screen
 * (a newer one replaces an older one of the same tag); left out, it is the day's exercise reminder.
 */
export const ZReminderPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.enum(['exercise-reminder', 'program-updated', 'message']).optional(),
});
export type TReminderPayload = z.infer<typeof ZReminderPayload>;
