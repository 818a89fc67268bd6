import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  brand,
  catalogueIdParams,
  catalogueProduct,
  category,
  PRODUCT_LIST_PARAMETERS,
  productCardListResponse,
  productListQuery,
  productListResponse,
} from '@shop/shared/schemas/catalogue.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { getProduct, getRecommendations, listAllProducts, listBrands, listCategories, listProducts } from './service.ts'
import { cacheKeyOf, cachedPublicReads, viewerOf } from './public-reads.ts'

const tags = ['catalogue']

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
  // Every catalogue answer varies by Authorization, since wholesale prices vary by role.
  const reads = cachedPublicReads(app, tags)
  const { api, cache } = reads

  api.get(
    '/products',
    {
      schema: {
        tags,
        description:
          'With any of search, category, brand, sort, page, limit or featured: one page with total, pages and counts. ' +
          'Without parameters: the plain array of every product. With view=card each product is a store card ' +
          '(the primary image, availability as is_available, no description, options or specifications).',
        querystring: productListQuery,
        response: {
          200: z.union([productListResponse, productCardListResponse, z.array(catalogueProduct)]),
          ...routeErrors(429),
        },
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
        hasListParameters(request)
          ? // CATALOGUE_CACHE=off answers every read from SQL, the widening of a search's words included.
            listProducts(app.db, request.query, viewer, { keepsSearchWords: app.config.isCatalogueCacheOn })
          : listAllProducts(app.db, viewer),
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

  reads.get('/categories', z.array(category), () => listCategories(app.db))
  reads.get('/brands', z.array(brand), () => listBrands(app.db))
}
