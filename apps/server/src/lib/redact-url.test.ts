import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the one-time token of a password link, in the path and in the query', () => {
    expect(redactUrl('https://app.example/reset-password/MTI/abc_DEF-123?month=2025-03')).toBe(
      'https://app.example/reset-password/[redacted]?month=2025-03',
    );
    expect(redactUrl('/api/reset-password/validate/?uid=MTI&token=abc')).toBe(
      '/api/reset-password/validate/?uid=[redacted]&token=[redacted]',
    );
  });

  it('hides the one-time token of an email confirmation link, alone and inside a text', () => {
    expect(redactUrl('/confirm-email/MTI/abc_DEF-123')).toBe('/confirm-email/[redacted]');
    expect(redactText('Failed to load https://app.example/confirm-email/MTI/abc_DEF-123 today')).toBe(
      'Failed to load https://app.example/confirm-email/[redacted] today',
    );
  });

  it('hides the signature of a media link, and keeps its expiry and viewer', () => {
    expect(redactUrl('/api/media/12/?exp=1700000000&u=3&sig=AbC-_12')).toBe(
      '/api/media/12/?exp=1700000000&u=3&sig=[redacted]',
    );
  });

  it('hides the push endpoint of a subscription check or removal', () => {
    expect(
      redactUrl('/api/push-subscriptions/check/?endpoint=https%3A%2F%2Fpush.example%2Fsend%2Fabc&x=1'),
    ).toBe('/api/push-subscriptions/check/?endpoint=[redacted]&x=[redacted]');
  });

  it('hides every query value but ids, dates and numbers: a name searched for, an email checked', () => {
    expect(redactUrl('/api/users/clients/?search=Jamie%20Lee&page=2')).toBe(
      '/api/users/clients/?search=[redacted]&page=2',
    );
    expect(redactUrl('/api/check-email/?email=jamie.lee%40example.test')).toBe(
      '/api/check-email/?email=[redacted]',
    );
    expect(redactUrl('/api/feedback/?exercise=4&date_completed=2025-03-01')).toBe(
      '/api/feedback/?exercise=4&date_completed=2025-03-01',
    );
    expect(redactUrl('/api/programs/?client=7&start_date=2025-03-01&end_date=2025-03-07')).toBe(
      '/api/programs/?client=7&start_date=2025-03-01&end_date=2025-03-07',
    );
  });

  it('hides a query key that is itself an address, a path segment holding one, and the fragment', () => {
    expect(redactUrl('/api/x/?jamie%40example.test&id=3')).toBe('/api/x/?[redacted]&id=3');
    expect(redactUrl('/api/users/jamie@example.test/')).toBe('/api/users/[redacted]/');
    expect(redactUrl('/api/users/jamie%40example.test/?id=1')).toBe('/api/users/[redacted]/?id=1');
    expect(redactUrl('https://app.test/clients#jamie@example.test')).toBe(
      'https://app.test/clients#[redacted]',
    );
  });

  it('leaves other addresses alone', () => {
    expect(redactUrl('/reset-password')).toBe('/reset-password');
    expect(redactUrl('/api/users/7/?id=1')).toBe('/api/users/7/?id=1');
    expect(redactUrl('/api/users/7/?')).toBe('/api/users/7/?');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});

describe('redactText', () => {
  it('takes out email addresses and the query values of any URL in the text', () => {
    expect(
      redactText('Access denied to /clients?search=Jamie for jamie.lee@example.test (jo%40example.test)'),
    ).toBe('Access denied to /clients?search=[redacted] for [redacted] ([redacted])');
    expect(redactText('TypeError: x is undefined')).toBe('TypeError: x is undefined');
  });
});
