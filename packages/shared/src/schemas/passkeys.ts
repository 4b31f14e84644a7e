import { z } from 'zod';

/** What a person reads about passkeys (docs/product/accounts.md#passkeys). */
export const PASSKEY_MESSAGES = {
  /** Unknown passkey, bad signature, used or expired challenge: one answer, no hint of which. */
  signInFailed:
    /*i18n*/ 'That passkey did not work. Please try again, or log in with your email and password.',
  registerFailed: /*i18n*/ 'We could not add this passkey. Please try again.',
  alreadyAdded: /*i18n*/ 'This passkey is already added.',
  tooMany: /*i18n*/ 'You have the most passkeys you can add. Remove one to add another.',
  notFound: /*i18n*/ 'Passkey not found.',
  invalidResponse: /*i18n*/ 'The passkey answer is not valid. Please try again.',
} as const;

/** Passkeys one user may keep. */
export const MAX_PASSKEYS_PER_USER = 10;

const ZBase64Url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.invalidResponse })
    .min(1, PASSKEY_MESSAGES.invalidResponse)
    .max(max, PASSKEY_MESSAGES.invalidResponse)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PASSKEY_MESSAGES.invalidResponse);

const invalid = { error: PASSKEY_MESSAGES.invalidResponse };

const ZCredentialCommon = {
  id: ZBase64Url(1400),
  rawId: ZBase64Url(1400),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], invalid).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown(), invalid).default({}),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.invalidResponse }),
};

/** navigator.credentials.create() as JSON (@simplewebauthn/browser's startRegistration). */
export const ZRegistrationResponse = z.object(
  {
    ...ZCredentialCommon,
    response: z.object(
      {
        clientDataJSON: ZBase64Url(4000),
        attestationObject: ZBase64Url(40_000),
        authenticatorData: ZBase64Url(40_000).optional(),
        transports: z.array(z.string().max(32), invalid).max(10, PASSKEY_MESSAGES.invalidResponse).optional(),
        publicKeyAlgorithm: z.number(invalid).int(invalid).optional(),
        publicKey: ZBase64Url(8000).optional(),
      },
      invalid,
    ),
  },
  invalid,
);

/** navigator.credentials.get() as JSON (@simplewebauthn/browser's startAuthentication). */
export const ZAuthenticationResponse = z.object(
  {
    ...ZCredentialCommon,
    response: z.object(
      {
        clientDataJSON: ZBase64Url(4000),
        authenticatorData: ZBase64Url(4000),
        // Post-quantum ML-DSA signatures run to 4,627 bytes (6,170 characters): Node 24 offers ML-DSA, and
        // authenticators (Chromium's included) pick it.
        signature: ZBase64Url(8000),
        userHandle: ZBase64Url(200).optional(),
      },
      invalid,
    ),
  },
  invalid,
);

/** POST /passkeys/register/ */
export const ZPasskeyRegister = z.object({ response: ZRegistrationResponse });
export type TPasskeyRegister = z.infer<typeof ZPasskeyRegister>;

/** POST /passkeys/sign-in/ */
export const ZPasskeySignIn = z.object({ response: ZAuthenticationResponse });
export type TPasskeySignIn = z.infer<typeof ZPasskeySignIn>;

/** One of the caller's passkeys, as My Details lists it. */
export const ZPasskey = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.array(ZPasskey);

const ZDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
const ZUserVerification = z.enum(['required', 'preferred', 'discouraged']);

/** WebAuthn's PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create(). */
export const ZRegistrationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: ZUserVerification.optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type TRegistrationOptions = z.infer<typeof ZRegistrationOptions>;

/** WebAuthn's PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get(). */
export const ZAuthenticationOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZDescriptor).optional(),
  userVerification: ZUserVerification.optional(),
  hints: z.array(z.string()).optional(),
});
export type TAuthenticationOptions = z.infer<typeof ZAuthenticationOptions>;
