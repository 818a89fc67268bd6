import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { catalogueCaching } from '../../platform/cache-control.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'
import type { Viewer } from './service.ts'

export function viewerOf(request: FastifyRequest): Viewer {
  return { canSeeWholesalePrices: canSeeWholesalePrices(request.user?.roles) }
}

/**
 * The cache key: the URL and whether the reader may see wholesale prices, the only thing besides
 * the URL that changes a catalogue answer.
 */
export function cacheKeyOf(request: FastifyRequest): string {
  return `${viewerOf(request).canSeeWholesalePrices ? 'wholesale' : 'retail'} ${request.url}`
}

/**
 * The public reads of a plugin whose answers staff writes change (catalogue, content, sales, shipping):
 * answered from the response cache under cacheKeyOf, every answer with Cache-Control and
 * Vary: Authorization, since prices vary by role (docs/decisions.md, Security).
 */
export function cachedPublicReads(app: FastifyInstance, tags: string[]) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app)
  api.addHook('onSend', catalogueCaching)
  return {
    api,
    cache,
    /** A GET without parameters answering what `read` gives, through the cache. */
    get(url: string, response: z.ZodType, read: (request: FastifyRequest) => Promise<unknown>) {
      api.get(url, { schema: { tags, response: { 200: response, ...routeErrors() } } }, async (request, reply) =>
        cache.send(reply, cacheKeyOf(request), () => read(request)),
      )
    },
  }
}
