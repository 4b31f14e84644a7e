import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';

/** What a browser keeps for one push subscription: its P-256 key pair and the 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  /** As the browser sends them to POST /push-subscriptions/ (base64url). */
  p256dh: string;
  auth: string;
}

export function createBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: authSecret.toString('base64url'),
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a Web Push message body as the browser does: RFC 8188 (aes128gcm content coding) with the key
 * derivation of RFC 8291. Throws when the body was not encrypted for these keys.
 */
export function decryptPushBody(body: Buffer, keys: BrowserKeys): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's ephemeral public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('a reminder fits one record');

  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = hkdf(ecdhSecret, keys.authSecret, keyInfo, 32);

  // RFC 8188 section 2.2 and 2.3: content encryption key and nonce (one record: sequence number 0).
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);

  // The last record ends with the delimiter 0x02, then zero or more 0x00 of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
