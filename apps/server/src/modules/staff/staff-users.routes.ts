import type { FastifyRequest } from 'fastify';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_MAX_BYTES,
  ZAddTherapist,
  ZAddTherapistResponse,
  ZDeactivateResponse,
  ZDeactivateUsers,
  ZUserListItem,
} from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import { registerForms } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { AppError, badRequest } from '../../lib/app-error';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as staffUsers from './staff-users.service';
import { csvTooLarge, importTherapists } from './therapist-import.service';

export const UNREADABLE_UPLOAD = /*i18n*/ 'The upload could not be read. Please choose the CSV file again.';

/**
 * Reads the `file` part of a multipart upload, at most CSV_MAX_BYTES (the stream stops there: 413). A body that
 * is not well-formed multipart (the parser throws plain errors) is the sender's fault: 400, not 500.
 */
async function readCsvUpload(request: FastifyRequest) {
  const noFile = () => badRequest(STAFF_TEXTS.selectCsvFile, { file: STAFF_TEXTS.selectCsvFile });
  if (!request.isMultipart()) throw noFile();
  try {
    const part = await request.file({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file' || !part.filename) throw noFile();
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw csvTooLarge();
    if (statusCode && statusCode < 500) throw error;
    throw badRequest(UNREADABLE_UPLOAD, { file: UNREADABLE_UPLOAD });
  }
}

/** Manage Users (staff only): the users list, deactivation, and adding therapists one by one or by CSV. */
export const staffUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  await registerForms(app);
  const tags = ['staff'];

  app.get(
    '/users/',
    { schema: { tags, response: { 200: z.array(ZUserListItem) } }, preValidation: guards.staff },
    async (request) => staffUsers.listUsers(ctx, callerOf(request), requestMeta(request)),
  );

  app.post(
    '/users/deactivate/',
    {
      schema: { tags, body: ZDeactivateUsers, response: { 200: ZDeactivateResponse } },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request) => staffUsers.deactivateUsers(ctx, callerOf(request), request.body, requestMeta(request)),
  );

  app.post(
    '/users/add_therapist/',
    {
      schema: { tags, body: ZAddTherapist, response: { 201: ZAddTherapistResponse } },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      const result = await staffUsers.addTherapist(
        ctx,
        callerOf(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/users/add_therapist_csv/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: ZAddTherapistResponse },
      },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.csvImport },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const upload = await readCsvUpload(request);
      const result = await importTherapists(ctx, caller, upload, requestMeta(request));
      return reply.status(201).send(result);
    },
  );
};
