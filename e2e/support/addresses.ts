// Each browser context and each API call of the journeys comes from its own client address (X-Forwarded-For; the
// journeys' server trusts it, TRUST_PROXY=1), as a clinic's phones and computers would: the per-address rate
// limits (login: 100 per 15 minutes) then count one person's requests, not the whole suite's from 127.0.0.1.

import { randomInt } from 'node:crypto';

// Journeys run in several workers: each starts at a random place, so that they rarely share an address.
let next = randomInt(0, 1 << 17);

/** A fresh address in 198.18.0.0/15, the range set aside for testing. */
export function nextAddress(): string {
  next = (next + 1) % (1 << 17);
  return `198.${18 + ((next >> 16) & 1)}.${(next >> 8) & 255}.${next & 255}`;
}
