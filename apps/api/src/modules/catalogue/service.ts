import { messages } from '@shop/shared/messages/bs.ts'
import { pageCount, STORE_PAGE_SIZE } from '@shop/shared/rules/pagination.ts'
import { normaliseSearchQuery } from '@shop/shared/rules/search.ts'
import { DEFAULT_PRODUCT_SORT } from '@shop/shared/rules/sort.ts'
import type { CatalogueProduct, ProductListQuery, ProductListResponse } from '@shop/shared/schemas/catalogue.ts'
import { SerializedJson } from '../../platform/cache.ts'
import type { Database } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import {
  findAllProducts,
  findBrands,
  findCategories,
  findProductByReference,
  findProductIdByReference,
  findProductPage,
  findRecommendations,
  type BrandRow,
  type CategoryRow,
} from './repo.ts'

/**
 * Who is reading: only wholesale, store_manager and admin users see wholesale prices
 * (customer-side.md §6). The repo turns this into product_catalogue_json(p, with_wholesale),
 * the one place where wholesale prices enter or stay out of a catalogue answer.
 */
export type Viewer = { canSeeWholesalePrices: boolean }

const productNotFound = () => notFound(messages.catalogue.productNotFound, 'PRODUCT_NOT_FOUND')

/**
 * One page of the store. Products and counts come from SQL as JSON text and are joined here
 * without being parsed: the list is the hottest uncached call of the shop.
 */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  viewer: Viewer,
): Promise<SerializedJson<ProductListResponse>> {
  const limit = query.limit ?? STORE_PAGE_SIZE
  const page = query.page ?? 1
  const result = await findProductPage(db, {
    search: query.search ? normaliseSearchQuery(query.search) : undefined,
    categoryId: query.category,
    brandId: query.brand,
    isFeaturedOnly: query.featured === 'true',
    sort: query.sort ?? DEFAULT_PRODUCT_SORT,
    limit,
    offset: (page - 1) * limit,
    withWholesale: viewer.canSeeWholesalePrices,
  })
  const pages = pageCount(result.total, limit)
  return new SerializedJson(
    `{"products":${result.productsJson},"total":${result.total},"page":${page},"pages":${pages},` +
      `"counts":{"categories":${result.categoriesJson},"brands":${result.brandsJson}}}`,
  )
}

/** GET /api/products without parameters: the plain array of every product (§7 clients accept it). */
export async function listAllProducts(db: Database, viewer: Viewer): Promise<SerializedJson<CatalogueProduct[]>> {
  return new SerializedJson(await findAllProducts(db, viewer.canSeeWholesalePrices))
}

async function resolveProduct(db: Database, reference: string): Promise<string> {
  const id = await findProductIdByReference(db, reference)
  if (!id) throw productNotFound()
  return id
}

/** One product by id or customId (the cart addresses products by customId). */
export async function getProduct(
  db: Database,
  reference: string,
  viewer: Viewer,
): Promise<SerializedJson<CatalogueProduct>> {
  const product = await findProductByReference(db, reference, viewer.canSeeWholesalePrices)
  if (!product) throw productNotFound()
  return new SerializedJson(product)
}

export async function getRecommendations(
  db: Database,
  reference: string,
  viewer: Viewer,
): Promise<SerializedJson<CatalogueProduct[]>> {
  return new SerializedJson(
    await findRecommendations(db, await resolveProduct(db, reference), viewer.canSeeWholesalePrices),
  )
}

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return findCategories(db)
}

export async function listBrands(db: Database): Promise<BrandRow[]> {
  return findBrands(db)
}
