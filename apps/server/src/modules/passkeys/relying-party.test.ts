import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { relyingPartyOf } from './relying-party';

const configWith = (PUBLIC_URL: string) => loadConfig({ NODE_ENV: 'test', PUBLIC_URL, LOG_LEVEL: 'silent' });

describe('relyingPartyOf', () => {
  it('is PUBLIC_URL alone for a public name, whatever Host and Origin say', () => {
    const config = configWith('https://clinic.example');
    for (const host of ['clinic.example', 'evil.example', 'localhost:443']) {
      const rp = relyingPartyOf(config, { origin: `https://${host}`, protocol: 'https', host });
      expect(rp).toEqual({
        rpID: 'clinic.example',
        origins: ['https://clinic.example'],
        rpIDs: ['clinic.example'],
      });
    }
  });

  it('adds localhost on the same port when PUBLIC_URL is a loopback address (WebAuthn refuses IP RP IDs)', () => {
    const config = configWith('http://127.0.0.1:4173');
    const place = { origin: 'http://localhost:4173', protocol: 'http', host: 'localhost:4173' };
    expect(relyingPartyOf(config, place)).toEqual({
      rpID: 'localhost',
      origins: ['http://127.0.0.1:4173', 'http://localhost:4173'],
      rpIDs: ['127.0.0.1', 'localhost'],
    });
    // Another port, or another name, is not ours.
    for (const host of ['localhost:5000', 'evil.example:4173']) {
      const rp = relyingPartyOf(config, { origin: `http://${host}`, protocol: 'http', host });
      expect(rp.origins).toEqual(['http://127.0.0.1:4173']);
    }
  });
});
