import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type webpush from 'web-push';
import { checkPushEndpoint, type ResolvedAddress } from './push-endpoint';
import type { VapidKeys } from './vapid-keys';

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface PushOptions {
  vapid: VapidKeys;
  subject: string;
  /** Seconds the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** delivered: 2xx; gone: 404/410 (drop the subscription); refused: the endpoint failed the policy; failed: other. */
type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; status: number | null; error?: string };

/** A resolver that answers only with the addresses already checked, so DNS cannot change between check and connect. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function post(
  url: URL,
  addresses: ResolvedAddress[],
  headers: Record<string, string | number>,
  body: Buffer | null,
  timeoutMs: number,
): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: timeoutMs,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        response.resume(); // the body says nothing we act on
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/**
 * Sends one Web Push message: web-push encrypts it (RFC 8291, aes128gcm) and signs the VAPID header; the request
 * itself is ours so that it goes to the address the endpoint policy checked just now (web-push would resolve the
 * name again, and only speaks https).
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  options: PushOptions,
): Promise<PushOutcome> {
  const checked = await checkPushEndpoint(target.endpoint, { allowPrivate: options.allowPrivate });
  if (!checked.ok) return { kind: 'refused', reason: checked.reason };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  // Loaded with the first push (docs/decisions/014-embedded-memory.md): most processes never send one.
  const { default: webpushModule } = await import('web-push');
  try {
    details = webpushModule.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: options.subject, ...options.vapid },
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    return {
      kind: 'failed',
      status: null,
      error: error instanceof Error ? error.message : 'encryption failed',
    };
  }
  try {
    const status = await post(
      checked.url,
      checked.addresses,
      details.headers as Record<string, string | number>,
      details.body,
      options.timeoutMs ?? 10_000,
    );
    if (status >= 200 && status < 300) return { kind: 'delivered', status };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    return { kind: 'failed', status };
  } catch (error) {
    return { kind: 'failed', status: null, error: error instanceof Error ? error.message : 'request failed' };
  }
}
