import { eq } from 'drizzle-orm';
import type { TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import type { MultipartPart } from '../../../test/fixtures/media-fixtures';
import { nextIp, type TestApp } from '../../../test/helper';
import { programForm } from '../../../test/program-factories';

// Helpers of the Idempotency-Key tests (feedback-idempotency*.test.ts).

/** A feedback save (POST /feedback/ or PUT /feedback/{id}/) as `session`, with an Idempotency-Key when given. */
export function sendKeyed(
  t: TestApp,
  session: { headers: { authorization: string } } | null,
  request: { method: 'POST' | 'PUT'; url: string; key?: string },
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
) {
  const body = programForm(fields, files);
  return t.app.inject({
    method: request.method,
    url: request.url,
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(session ? session.headers : {}),
      ...(request.key === undefined ? {} : { 'idempotency-key': request.key }),
    },
    remoteAddress: nextIp(),
  });
}

export const postKeyed = (
  t: TestApp,
  session: { headers: { authorization: string } } | null,
  key: string | undefined,
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
) => sendKeyed(t, session, { method: 'POST', url: '/api/feedback/', ...(key ? { key } : {}) }, fields, files);

export const putKeyed = (
  t: TestApp,
  session: { headers: { authorization: string } } | null,
  id: number,
  key: string,
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
) => sendKeyed(t, session, { method: 'PUT', url: `/api/feedback/${id}/`, key }, fields, files);

/** An answer with its signed media URL taken out, to compare two answers' shape and content. */
export function withoutUrls(body: TSaveFeedbackResponse) {
  const { image_url, video_url, ...rest } = body.feedback;
  return { ...body, feedback: { ...rest, has_image: image_url !== null, has_video: video_url !== null } };
}

export const keysOf = (ctx: AppContext, userId: number) =>
  ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
