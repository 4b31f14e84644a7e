import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the one-time token of a password link, in the path and in the query', () => {
    expect(redactUrl('https://app.example/reset-password/MTI/abc_DEF-123?x=1')).toBe(
      'https://app.example/reset-password/[redacted]?x=1',
    );
    expect(redactUrl('/api/reset-password/validate/?uid=MTI&token=abc')).toBe(
      '/api/reset-password/validate/?uid=[redacted]&token=[redacted]',
    );
  });

  it('hides the signature of a media link', () => {
    expect(redactUrl('/api/media/12/?exp=1700000000&u=3&sig=AbC-_12')).toBe(
      '/api/media/12/?exp=1700000000&u=3&sig=[redacted]',
    );
  });

  it('hides the push endpoint of a subscription check or removal', () => {
    expect(
      redactUrl('/api/push-subscriptions/check/?endpoint=https%3A%2F%2Fpush.example%2Fsend%2Fabc&x=1'),
    ).toBe('/api/push-subscriptions/check/?endpoint=[redacted]&x=1');
  });

  it('leaves other addresses alone', () => {
    expect(redactUrl('/reset-password')).toBe('/reset-password');
    expect(redactUrl('/api/users/7/?tab=1')).toBe('/api/users/7/?tab=1');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
