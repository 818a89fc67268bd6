import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import {
  brand,
  catalogueIdParams,
  catalogueProduct,
  category,
  PRODUCT_LIST_PARAMETERS,
  productListQuery,
  productListResponse,
} from '@shop/shared/schemas/catalogue.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'
import { catalogueCaching } from '../../platform/cache-control.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import {
  getProduct,
  getRecommendations,
  listAllProducts,
  listBrands,
  listCategories,
  listProducts,
  type Viewer,
} from './service.ts'

const tags = ['catalogue']

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

function hasSearch(request: FastifyRequest): boolean {
  const queryStart = request.url.indexOf('?')
  return queryStart >= 0 && new URLSearchParams(request.url.slice(queryStart + 1)).has('search')
}

function hasListParameters(request: FastifyRequest): boolean {
  const queryStart = request.url.indexOf('?')
  if (queryStart < 0) return false
  const parameters = new URLSearchParams(request.url.slice(queryStart + 1))
  return PRODUCT_LIST_PARAMETERS.some((name) => parameters.has(name))
}

/** Public catalogue reads (customer-side.md §7): products, categories, brands. Staff writes are admin-*. */
export async function catalogueRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app)
  // Cache-Control and Vary: Authorization on every catalogue answer, since wholesale prices vary by role
  // (docs/decisions.md, Security).
  api.addHook('onSend', catalogueCaching)

  api.get(
    '/products',
    {
      schema: {
        tags,
        description:
          'With any of search, category, brand, sort, page, limit or featured: one page with total, pages and counts. ' +
          'Without parameters: the plain array of every product.',
        querystring: productListQuery,
        response: { 200: z.union([productListResponse, z.array(catalogueProduct)]), ...routeErrors(429) },
      },
      // Full-text search is the costly read: limited per address (docs/decisions.md, Security); browsing
      // without search is not counted.
      config: {
        rateLimit: {
          max: app.config.searchesPerMinute,
          timeWindow: '1 minute',
          allowList: (request: FastifyRequest) => !hasSearch(request),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request)
      return cache.send(reply, cacheKeyOf(request), () =>
        hasListParameters(request) ? listProducts(app.db, request.query, viewer) : listAllProducts(app.db, viewer),
      )
    },
  )

  api.get(
    '/products/:id',
    { schema: { tags, params: catalogueIdParams, response: { 200: catalogueProduct, ...routeErrors(404) } } },
    async (request, reply) =>
      cache.send(reply, cacheKeyOf(request), () => getProduct(app.db, request.params.id, viewerOf(request))),
  )

  api.get(
    '/products/:id/recommendations',
    {
      schema: { tags, params: catalogueIdParams, response: { 200: z.array(catalogueProduct), ...routeErrors(404) } },
    },
    async (request, reply) =>
      cache.send(reply, cacheKeyOf(request), () => getRecommendations(app.db, request.params.id, viewerOf(request))),
  )

  api.get(
    '/categories',
    { schema: { tags, response: { 200: z.array(category), ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => listCategories(app.db)),
  )

  api.get(
    '/brands',
    { schema: { tags, response: { 200: z.array(brand), ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => listBrands(app.db)),
  )
}
