import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import { ZClinic, ZClinicSettings, ZCreateClinic, ZUpdateClinic } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as clinics from './clinics.service';

/** Clinics (staff only): the list on Manage Users, the Add Clinic dialog and a clinic's settings. */
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

  app.get(
    '/clinics/:id/',
    {
      schema: { tags, params: z.object({ id: ZId }), response: { 200: ZClinicSettings } },
      preValidation: guards.staff,
    },
    async (request) =>
      clinics.getClinicSettings(ctx, callerOf(request), request.params.id, requestMeta(request)),
  );

  app.patch(
    '/clinics/:id/',
    {
      schema: {
        tags,
        params: z.object({ id: ZId }),
        body: ZUpdateClinic,
        response: { 200: ZClinicSettings },
      },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request) =>
      clinics.updateClinic(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
  );
};
