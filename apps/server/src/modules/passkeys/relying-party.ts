import type { Config } from '../../config';

/** Where a WebAuthn ceremony runs: the page's origin and the RP ID (its host name) that credentials belong to. */
export interface RelyingParty {
  /** The RP ID for new options: the host name of the page asking. */
  rpID: string;
  /** Every origin a response may come from, and their RP IDs. */
  origins: string[];
  rpIDs: string[];
}

/** What the request says of where it comes from and how it reached us. */
export interface RequestPlace {
  origin: string | undefined;
  protocol: string;
  host: string;
}

const originOf = (value: string): string | null => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Our origin is the configured PUBLIC_URL. WebAuthn refuses IP addresses as RP IDs, so when PUBLIC_URL is a
 * loopback address (a developer's machine, the journeys) the same port reached as `localhost` counts too: the
 * Host header is trusted only for that case, never to add a public name. The page's Origin header picks which of
 * ours the options are for; anything else falls back to PUBLIC_URL.
 */
export function relyingPartyOf(config: Config, place: RequestPlace): RelyingParty {
  const configured = originOf(config.PUBLIC_URL)!;
  const reached = originOf(`${place.protocol}://${place.host}`);
  const local =
    reached !== null &&
    LOOPBACK.has(new URL(configured).hostname) &&
    new URL(reached).hostname === 'localhost' &&
    new URL(reached).port === new URL(configured).port;
  const origins = local && reached !== configured ? [configured, reached] : [configured];
  const asked = place.origin ? originOf(place.origin) : null;
  const current = asked && origins.includes(asked) ? asked : configured;
  return {
    rpID: new URL(current).hostname,
    origins,
    rpIDs: [...new Set(origins.map((o) => new URL(o).hostname))],
  };
}
