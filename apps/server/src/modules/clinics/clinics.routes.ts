import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClinic, ZCreateClinic } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as clinics from './clinics.service';

/** Clinics (staff only): the list on Manage Users and the Add Clinic dialog. */
export const clinicsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['clinics'];

  app.get(
    '/clinics/',
    { schema: { tags, response: { 200: z.array(ZClinic) } }, preValidation: guards.staff },
    async () => clinics.findClinics(ctx),
  );

  app.post(
    '/clinics/',
    {
      schema: { tags, body: ZCreateClinic, response: { 201: ZClinic } },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      const clinic = await clinics.createClinic(ctx, callerOf(request), request.body, requestMeta(request));
      return reply.status(201).send(clinic);
    },
  );
};
