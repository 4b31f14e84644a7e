import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in software, answering WebAuthn ceremonies byte for byte as a browser with a platform
 * authenticator does: a P-256 key pair, "none" attestation, assertions signed over authenticatorData and the
 * hash of clientDataJSON.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The few CBOR shapes WebAuthn uses (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface CeremonyOverrides {
  /** The page's origin as the browser writes it into clientDataJSON. */
  origin?: string;
  /** The RP ID the authenticator hashes into authenticatorData. */
  rpID?: string;
  /** The challenge signed (by default the one in the options). */
  challenge?: string;
}

export function createAuthenticator(defaults: { origin: string; rpID: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const signCount = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };

  return {
    credentialId: b64url(credentialId),
    get counter() {
      return counter;
    },
    /** Sets the counter the next assertion starts from (a cloned authenticator, a replay). */
    setCounter(value: number) {
      counter = value;
    },

    /** navigator.credentials.create() with the server's options, as @simplewebauthn/browser sends it back. */
    register(options: { challenge: string; user: { id: string } }, overrides: CeremonyOverrides = {}) {
      const rpID = overrides.rpID ?? defaults.rpID;
      userHandle = options.user.id;
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpID),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        signCount(),
        Buffer.alloc(16), // aaguid: none
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const clientDataJSON = clientData(
        'webauthn.create',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? defaults.origin,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal', 'hybrid'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        type: 'public-key',
      };
    },

    /** navigator.credentials.get() with the server's options: the next counter, signed. */
    signIn(options: { challenge: string }, overrides: CeremonyOverrides = {}) {
      counter += 1;
      const authData = Buffer.concat([
        sha256(overrides.rpID ?? defaults.rpID),
        Buffer.from([FLAG_UP | FLAG_UV]),
        signCount(),
      ]);
      const clientDataJSON = clientData(
        'webauthn.get',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? defaults.origin,
      );
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        type: 'public-key',
      };
    },
  };
}
export type SoftwareAuthenticator = ReturnType<typeof createAuthenticator>;
