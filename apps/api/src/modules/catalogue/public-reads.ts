import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { catalogueCaching } from '../../platform/cache-control.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { registerInProcessRead } from '../../platform/in-process-reads.ts'
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
  return cacheKeyFor(viewerOf(request), request.url)
}

export function cacheKeyFor(viewer: Viewer, url: string): string {
  return `${viewer.canSeeWholesalePrices ? 'wholesale' : 'retail'} ${url}`
}

/** The server render reads as a guest (docs/decisions.md, server rendering): retail prices. */
export const GUEST: Viewer = { canSeeWholesalePrices: false }

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
    /**
     * A GET without parameters answering what `read` gives, through the cache; the server render reads it in-process
     * (platform/in-process-reads.ts), a query ignored as the route ignores it.
     */
    get(url: string, response: z.ZodType, read: (viewer: Viewer) => Promise<unknown>) {
      api.get(url, { schema: { tags, response: { 200: response, ...routeErrors() } } }, async (request, reply) =>
        cache.send(reply, cacheKeyOf(request), () => read(viewerOf(request))),
      )
      registerInProcessRead(app.db, `${app.prefix}${url}`, async (_params, _query, address) => ({
        status: 200,
        body: await cache.read(cacheKeyFor(GUEST, address), () => read(GUEST)),
      }))
    },
  }
}
