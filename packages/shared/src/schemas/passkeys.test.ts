import { describe, expect, it } from 'vitest';
import { ZAuthenticationResponse } from './passkeys';

const base64url = (bytes: number) => Buffer.alloc(bytes, 0xa5).toString('base64url');

const answer = (signatureBytes: number) => ({
  id: 'Lgn4IoJZ9Z97fPbMWKOucY58CDSLgCCHtctktuZiZ8I',
  rawId: 'Lgn4IoJZ9Z97fPbMWKOucY58CDSLgCCHtctktuZiZ8I',
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: base64url(200),
    authenticatorData: base64url(37),
    signature: base64url(signatureBytes),
  },
});

describe('ZAuthenticationResponse', () => {
  // ML-DSA-44, -65 and -87 signatures (the post-quantum algorithms Node 24 offers and Chromium picks): 2,420, 3,309
  // and 4,627 bytes. A cap of 2,000 characters refused every passkey sign-in on Node 24.
  it.each([70, 256, 2420, 3309, 4627])('takes a %i-byte signature', (bytes) => {
    expect(ZAuthenticationResponse.safeParse(answer(bytes)).success).toBe(true);
  });

  it('refuses a signature no algorithm makes', () => {
    expect(ZAuthenticationResponse.safeParse(answer(7000)).success).toBe(false);
  });
});
