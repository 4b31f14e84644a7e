import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import * as fhir from './fhir.service';

/** The FHIR media type (docs/product/records.md#fhir-export). */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

export const fhirRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  app.get(
    '/clients/:client_id/fhir/',
    {
      schema: {
        tags: ['fhir'],
        params: z.object({ client_id: ZId }),
        // The Bundle is FHIR's own format, checked against FHIR R4 in the tests; passed through as it is.
        response: {
          200: z.looseObject({ resourceType: z.literal('Bundle'), type: z.literal('collection') }),
        },
      },
      preValidation: guards.user,
    },
    async (request, reply) => {
      const bundle = await fhir.getClientFhirBundle(
        ctx,
        callerOf(request),
        request.params.client_id,
        requestMeta(request),
      );
      return reply.type(FHIR_JSON).send({ ...bundle, resourceType: 'Bundle', type: 'collection' });
    },
  );
};
