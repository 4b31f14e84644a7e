import { describe, expect, it } from 'vitest';
import { userIdOfLink } from './link-uid';

describe('userIdOfLink', () => {
  it("reads the id the server put in a link's uid", () => {
    expect(userIdOfLink(Buffer.from('42').toString('base64url'))).toBe(42);
    expect(userIdOfLink(Buffer.from('1234567').toString('base64url'))).toBe(1234567);
  });

  it('gives null for anything else', () => {
    for (const uid of [
      '',
      '!!!',
      Buffer.from('abc').toString('base64url'),
      Buffer.from('-3').toString('base64url'),
    ])
      expect(userIdOfLink(uid)).toBeNull();
  });
});
