import type { Session } from '../../../test/factories';
import { nextIp, type TestApp } from '../../../test/helper';
import { createAuthenticator, type SoftwareAuthenticator } from './software-authenticator.test-support';

/** The test app's PUBLIC_URL (test/helper.ts): the page every ceremony runs on unless a test says otherwise. */
export const ORIGIN = 'http://app.test';
export const RP_ID = 'app.test';

export const newAuthenticator = () => createAuthenticator({ origin: ORIGIN, rpID: RP_ID });

interface CallOptions {
  ip?: string;
  origin?: string;
  userAgent?: string;
}

/** The calls the web app makes, from the page's origin (a browser sends Origin with every POST). */
export function passkeyCalls(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    session: Session | null,
    payload?: object,
    options: CallOptions = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/passkeys/${url}`,
      ...(payload ? { payload } : {}),
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        origin: options.origin ?? ORIGIN,
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
        ...(session?.headers ?? {}),
      },
    });

  return {
    call,
    registerOptions: (session: Session | null, options?: CallOptions) =>
      call('POST', 'register/options/', session, undefined, options),
    register: (session: Session | null, response: object, options?: CallOptions) =>
      call('POST', 'register/', session, { response }, options),
    list: (session: Session | null) => call('GET', '', session),
    remove: (session: Session | null, id: number) => call('DELETE', `${id}/`, session),
    signInOptions: (options?: CallOptions) => call('POST', 'sign-in/options/', null, undefined, options),
    signIn: (response: object, options?: CallOptions) =>
      call('POST', 'sign-in/', null, { response }, options),

    /** Options, then the authenticator's answer: the new passkey's response. */
    async addPasskey(session: Session, authenticator: SoftwareAuthenticator, options?: CallOptions) {
      const res = await call('POST', 'register/options/', session, undefined, options);
      if (res.statusCode !== 200) throw new Error(`register options: ${res.statusCode} ${res.body}`);
      return call('POST', 'register/', session, { response: authenticator.register(res.json()) }, options);
    },

    /** Sign-in options, then the authenticator's assertion. */
    async signInWith(authenticator: SoftwareAuthenticator, options?: CallOptions) {
      const res = await call('POST', 'sign-in/options/', null, undefined, options);
      if (res.statusCode !== 200) throw new Error(`sign-in options: ${res.statusCode} ${res.body}`);
      return call('POST', 'sign-in/', null, { response: authenticator.signIn(res.json()) }, options);
    },
  };
}
