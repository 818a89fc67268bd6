import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  brand,
  catalogueIdParams,
  catalogueProduct,
  category,
  facetCountsResponse,
  PRODUCT_LIST_PARAMETERS,
  productCardListResponse,
  productListQuery,
  productListResponse,
} from '@shop/shared/schemas/catalogue.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { registerInProcessRead } from '../../platform/in-process-reads.ts'
import { getProduct, getRecommendations, listAllProducts, listBrands, listCategories, listProducts } from './service.ts'
import { cacheKeyFor, cacheKeyOf, cachedPublicReads, GUEST, viewerOf } from './public-reads.ts'

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
          '(the primary image, availability as is_available, no description, options or specifications) and no ' +
          'counts; view=counts answers the counts of search, category, brand and featured alone.',
        querystring: productListQuery,
        response: {
          200: z.union([productListResponse, productCardListResponse, facetCountsResponse, z.array(catalogueProduct)]),
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

  // The server render's reads of these routes, from the services and the cache without an HTTP round trip
  // (docs/decisions.md, 'A render from the services'), as a guest. A search is left to the route, which counts the
  // visitor against the search limit; a query the route would refuse, too.
  const read = (url: string, produce: () => Promise<unknown>) =>
    cache.read(cacheKeyFor(GUEST, url), produce).then((body) => ({ status: 200 as const, body }))
  registerInProcessRead(app.db, `${app.prefix}/products`, (_params, parameters, url) => {
    const names = [...parameters.keys()]
    if (parameters.has('search') || new Set(names).size !== names.length) return undefined
    if (!PRODUCT_LIST_PARAMETERS.some((name) => parameters.has(name)))
      return read(url, () => listAllProducts(app.db, GUEST))
    const query = productListQuery.safeParse(Object.fromEntries(parameters))
    if (!query.success) return undefined
    return read(url, () => listProducts(app.db, query.data, GUEST))
  })
  registerInProcessRead(app.db, `${app.prefix}/products/:id`, ({ id }, _parameters, url) =>
    catalogueIdParams.safeParse({ id }).success ? read(url, () => getProduct(app.db, id!, GUEST)) : undefined,
  )
  registerInProcessRead(app.db, `${app.prefix}/products/:id/recommendations`, ({ id }, _parameters, url) =>
    catalogueIdParams.safeParse({ id }).success ? read(url, () => getRecommendations(app.db, id!, GUEST)) : undefined,
  )

  reads.get('/categories', z.array(category), () => listCategories(app.db))
  reads.get('/brands', z.array(brand), () => listBrands(app.db))
}
