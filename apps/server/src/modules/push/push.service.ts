import { createECDH } from 'node:crypto';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import type { Logger } from 'pino';
import type { TPushSubscriptionInput } from '@hep/shared/schemas/push';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { checkPushEndpoint, endpointOrigin } from './push-endpoint';
import { sendPush } from './push-sender';
import { canSubscribeToPush } from './push.policy';
import {
  deleteOwnSubscription,
  deleteSubscription,
  findOwnSubscription,
  findSubscriptionsOfUsers,
  upsertSubscription,
} from './push.repository';
import { getVapidKeys, vapidSubject } from './vapid-keys';

const P256DH_INVALID = "p256dh must be the browser's P-256 public key.";
const AUTH_INVALID = "auth must be the browser's 16-byte secret.";
/** Browsers a user signs in on; older subscriptions beyond this are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** True when the key is an uncompressed point on P-256: anything else would make every push to it fail. */
function isP256PublicKey(base64url: string): boolean {
  const bytes = Buffer.from(base64url, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The audit entry of a change to the caller's own browser subscription. */
const subscriptionEntries = (caller: Caller, action: 'create' | 'delete', id: number, meta: RequestMeta) =>
  auditEntries(caller, action, { entity: 'push_subscription', ids: [id], subjectUserId: caller.id }, meta);

export async function getPublicKey(ctx: AppContext): Promise<{ public_key: string }> {
  return { public_key: (await getVapidKeys(ctx.db)).publicKey };
}

export async function subscribe(
  ctx: AppContext,
  caller: Caller,
  input: TPushSubscriptionInput,
  meta: RequestMeta,
) {
  if (!canSubscribeToPush(caller)) throw forbidden();
  if (!isP256PublicKey(input.p256dh)) throw badRequest(P256DH_INVALID, { p256dh: P256DH_INVALID });
  if (Buffer.from(input.auth, 'base64url').length !== 16)
    throw badRequest(AUTH_INVALID, { auth: AUTH_INVALID });
  const checked = await checkPushEndpoint(input.endpoint, {
    allowPrivate: ctx.config.PUSH_ALLOW_PRIVATE_ENDPOINTS,
  });
  if (!checked.ok) throw badRequest(checked.reason, { endpoint: checked.reason });
  const { timezone, ...keys } = input;
  const id = await upsertSubscription(ctx.db, caller.id, keys, MAX_SUBSCRIPTIONS_PER_USER, timezone);
  // Held by another account: moving it would stop that account's reminders and hand its device to whoever knows
  // the endpoint (decision 008). The browser proves possession by subscribing afresh, which gives a new endpoint.
  if (id === null) throw new AppError(409, 'push_endpoint_taken', NOTIFICATION_TEXTS.pushEndpointTaken);
  await writeAudit(ctx.db, subscriptionEntries(caller, 'create', id, meta));
  return { success: true as const, message: NOTIFICATION_TEXTS.notificationsEnabled };
}

export async function isSubscribed(ctx: AppContext, caller: Caller, endpoint: string) {
  return { subscribed: (await findOwnSubscription(ctx.db, caller.id, endpoint)) !== null };
}

export async function unsubscribe(ctx: AppContext, caller: Caller, endpoint: string, meta: RequestMeta) {
  const id = await deleteOwnSubscription(ctx.db, caller.id, endpoint);
  if (id === null) throw notFound(NOTIFICATION_TEXTS.noExistingSubscription);
  await writeAudit(ctx.db, subscriptionEntries(caller, 'delete', id, meta));
  return { success: true as const, message: NOTIFICATION_TEXTS.notificationsDisabled };
}

type PushLog = Pick<Logger, 'info' | 'warn'>;

/**
 * Pushes one message to every browser of the user. Dead subscriptions (404/410) are removed; other failures are
 * logged and kept. Logs name only the push service's origin: the full endpoint is a capability.
 * Returns how many browsers accepted it.
 */
export const pushToUser = (
  ctx: AppContext,
  userId: number,
  payload: string,
  options: { ttlSeconds: number; log: PushLog },
): Promise<number> => pushToUsers(ctx, [{ userId, payload }], options);

/**
 * Pushes each user their own message, to every browser of theirs, as pushToUser does: their subscriptions are read
 * in one query, however many users. Returns how many browsers accepted one.
 */
export async function pushToUsers(
  ctx: AppContext,
  pushes: { userId: number; payload: string }[],
  options: { ttlSeconds: number; log: PushLog },
): Promise<number> {
  if (pushes.length === 0) return 0;
  const payloads = new Map(pushes.map((p) => [p.userId, p.payload]));
  const subscriptions = await findSubscriptionsOfUsers(ctx.db, [...payloads.keys()]);
  if (subscriptions.length === 0) return 0;
  const vapid = await getVapidKeys(ctx.db);
  const subject = vapidSubject(ctx.config);
  const outcomes = await Promise.all(
    subscriptions.map(async ({ userId, ...subscription }) => {
      const outcome = await sendPush(subscription, payloads.get(userId)!, {
        vapid,
        subject,
        ttlSeconds: options.ttlSeconds,
        allowPrivate: ctx.config.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      });
      const where = {
        userId,
        subscriptionId: subscription.id,
        origin: endpointOrigin(subscription.endpoint),
      };
      if (outcome.kind === 'gone') {
        await deleteSubscription(ctx.db, subscription.id);
        options.log.info({ ...where, status: outcome.status }, 'push subscription gone, removed');
      } else if (outcome.kind === 'refused') {
        options.log.warn({ ...where, reason: outcome.reason }, 'push endpoint refused, skipped');
      } else if (outcome.kind === 'failed') {
        options.log.warn({ ...where, status: outcome.status, error: outcome.error }, 'push failed');
      }
      return outcome.kind === 'delivered';
    }),
  );
  return outcomes.filter(Boolean).length;
}
