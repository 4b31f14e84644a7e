import type { TestApp } from '../../../test/helper';
import { callAs, type TestUser } from '../../../test/factories';

export const call = callAs;

export const assign = (t: TestApp, user: TestUser | null, clientId: number, payload: object) =>
  call(t, user, 'POST', `/api/clients/${clientId}/measures/`, payload);

export const respond = (
  t: TestApp,
  user: TestUser | null,
  assignmentId: number,
  payload: object,
  headers: Record<string, string> = {},
) => call(t, user, 'POST', `/api/measures/assignments/${assignmentId}/responses/`, payload, headers);

/** Answers for every item, all the same value, as `prefix_1` .. `prefix_n`. */
export const allAnswers = (prefix: string, count: number, value: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}_${i + 1}`, value]));
