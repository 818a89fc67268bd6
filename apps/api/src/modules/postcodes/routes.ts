import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { postcodesQuery, postcodesView } from '@shop/shared/schemas/postcodes.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { suggestPostcodes } from './service.ts'

/**
 * GET /api/postcodes?q= (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'): BiH post offices by code or place,
 * with the canton the place determines. The list changes only with a release, so caches may keep it.
 */
export async function postcodeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/postcodes',
    {
      schema: {
        tags: ['content'],
        querystring: postcodesQuery,
        response: { 200: postcodesView, ...routeErrors(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return suggestPostcodes(request.query.q)
    },
  )
}
