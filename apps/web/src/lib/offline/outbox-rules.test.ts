import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey, refusedMessage, sendOrder, unsentWarning, verdictFor } from './outbox-rules';

describe('verdictFor', () => {
  it('keeps an entry to send again when no answer came, or the answer may pass', () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503, 504]) expect(verdictFor(status)).toBe('retry');
  });

  it('gives an entry up when sending it again cannot change the answer', () => {
    for (const status of [400, 403, 404, 409, 413, 422]) expect(verdictFor(status)).toBe('refuse');
  });
});

describe('sendOrder', () => {
  it('sends the oldest save first, and keeps one order for saves made in the same millisecond', () => {
    const entries = [
      { key: 'c', created: 30 },
      { key: 'b', created: 10 },
      { key: 'a', created: 10 },
    ];
    expect(sendOrder(entries).map((e) => e.key)).toEqual(['a', 'b', 'c']);
    expect(entries.map((e) => e.key)).toEqual(['c', 'b', 'a']);
  });
});

describe('newIdempotencyKey', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a random UUID, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('is a version 4 UUID where randomUUID is missing (a page not served over https)', () => {
    const source = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    expect(newIdempotencyKey(source)).toMatch(UUID_V4);
  });
});

describe('the words the client reads', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('warns before a sign-out would lose them', () => {
    expect(unsentWarning(2)).toBe('2 items are not sent yet. If you sign out now, they will be lost.');
    expect(unsentWarning(1)).toBe('1 item is not sent yet. If you sign out now, it will be lost.');
  });

  it('names the exercise and the day of a save the server turned down, and why', () => {
    const entry = { exerciseName: 'Heel raises', date: '2026-05-04' };
    expect(
      refusedMessage(entry, {
        status: 409,
        serverMessage: 'Feedback for this exercise and date has already been submitted.',
      }),
    ).toBe('Your feedback for Heel raises on Monday 4 May was not sent. That day already has feedback.');
    expect(refusedMessage(entry, { status: 400, serverMessage: 'Sin ejercicios ese día.' })).toBe(
      'Your feedback for Heel raises on Monday 4 May could not be sent. Sin ejercicios ese día.',
    );
    expect(refusedMessage(entry, { status: 413, serverMessage: null })).toBe(
      'Your feedback for Heel raises on Monday 4 May could not be sent. Video file size must be less than 50MB. Please try again with a smaller file.',
    );
    expect(
      refusedMessage({ exerciseName: null, date: '2026-05-04' }, { status: 422, serverMessage: null }),
    ).toBe(
      'Your feedback for an exercise on Monday 4 May could not be sent. An error occurred while submitting feedback.',
    );
  });

  it("names a questionnaire's answers the server turned down, and why", () => {
    const entry = { kind: 'measure' as const, exerciseName: 'GAD-7', date: '2026-05-04' };
    expect(
      refusedMessage(entry, {
        status: 409,
        serverMessage: 'This measure was stopped, so it takes no more answers.',
      }),
    ).toBe('Your answers to GAD-7 could not be sent. This measure was stopped, so it takes no more answers.');
    expect(refusedMessage(entry, { status: 400, serverMessage: null })).toBe(
      'Your answers to GAD-7 could not be sent. Please answer it again.',
    );
  });

  it('says a message the server turned down could not be sent, and why', () => {
    const entry = { kind: 'message' as const, exerciseName: null, date: '2026-05-04' };
    expect(
      refusedMessage(entry, { status: 403, serverMessage: 'Messages are turned off for this clinic.' }),
    ).toBe('Your message could not be sent. Messages are turned off for this clinic.');
    expect(refusedMessage(entry, { status: 413, serverMessage: null })).toBe(
      'Your message could not be sent. Video file size must be less than 50MB. Please try again with a smaller file.',
    );
    expect(refusedMessage(entry, { status: 400, serverMessage: null })).toBe(
      'Your message could not be sent. Please write it again.',
    );
  });
});
