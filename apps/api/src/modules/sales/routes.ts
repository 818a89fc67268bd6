import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { saleConfig, saleProduct } from '@shop/shared/schemas/catalogue.ts'
import { z } from 'zod'
import { cacheKeyOf, viewerOf } from '../catalogue/routes.ts'
import { getSaleConfig, listSaleProducts } from './service.ts'
import { catalogueCaching } from '../../platform/cache-control.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'
import { routeErrors } from '../../platform/error-handler.ts'

const tags = ['content']

/** The running sale as shoppers see it (customer-side.md §7): its configuration and its products. */
export async function saleRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app)
  // Cache-Control and Vary: Authorization (sale prices vary by role: docs/decisions.md, caching by role).
  api.addHook('onSend', catalogueCaching)

  api.get(
    '/sales/config',
    { schema: { tags, response: { 200: saleConfig, ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => getSaleConfig(app.db)),
  )

  api.get(
    '/sales/products',
    { schema: { tags, response: { 200: z.array(saleProduct), ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => listSaleProducts(app.db, viewerOf(request))),
  )
}
