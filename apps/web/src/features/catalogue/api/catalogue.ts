import type { ProductSort } from '@shop/shared/rules/sort.ts'
import type {
  Brand,
  CatalogueCard,
  CatalogueProduct,
  FacetCounts,
  ProductCardListResponse,
  SaleConfig,
  Slide,
} from '@shop/shared/schemas/catalogue.ts'
import { api, ApiError, toList } from '../../../lib/api-client.ts'

// The catalogue reads of customer-side.md §7. Types come from the shared schemas (type imports
// only, so that zod stays out of the store's first load).

export type Product = CatalogueProduct
/** A product as a store card shows it (docs/decisions.md, 'A lean store list'). */
export type ProductCardData = CatalogueCard
export type ProductPage = ProductCardListResponse
export type FacetCount = FacetCounts['categories'][number]

export type CompanyFacts = {
  whatsapp?: string
  phone?: string
  deliveryWorkingDays?: string
  returnDays?: number
  taxRefundAbove?: number
}

export type ProductQuery = {
  search: string
  category: string
  brand: string
  sort: ProductSort
  page: number
  limit: number
}

/** One page of the store, as cards: the server filters, sorts and pages (customer-side.md §9). */
export function fetchProductPage(query: ProductQuery, signal?: AbortSignal): Promise<ProductPage> {
  const search = query.search.trim()
  return api.get<ProductPage>('/api/products', {
    // While a search text is active the server orders by relevance and ignores the sort (§9).
    query: {
      search,
      category: query.category,
      brand: query.brand,
      sort: search ? undefined : query.sort,
      page: query.page,
      limit: query.limit,
      view: 'card',
    },
    signal,
  })
}

/**
 * The category and brand counts of a filter set (the page, sort and size change none of them): asked once per filter
 * set and kept by the server per catalogue generation (docs/decisions.md, 'Counts apart from the list').
 */
export async function fetchFacetCounts(
  filters: Pick<ProductQuery, 'search' | 'category' | 'brand'>,
  signal?: AbortSignal,
): Promise<FacetCounts> {
  const answer = await api.get<{ counts: FacetCounts }>('/api/products', {
    query: { search: filters.search.trim(), category: filters.category, brand: filters.brand, view: 'counts' },
    signal,
  })
  return answer.counts
}

export function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal })
}

/**
 * The product, or null when the address names none (404, or 400 for an id the API refuses): an
 * answer, not a failure, so that the server render shows 'Proizvod nije pronađen' with status 404
 * and the hydration starts from the same answer (docs/decisions.md, 'Pages without JavaScript').
 */
export async function findProduct(id: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return await fetchProduct(id, signal)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/** customer-side.md §9 Recommended products, chosen by the server with rules/recommendations.ts. */
export async function fetchRecommendations(id: string, signal?: AbortSignal): Promise<Product[]> {
  return toList<Product>(await api.get<unknown>(`/api/products/${encodeURIComponent(id)}/recommendations`, { signal }))
}

/** Up to `limit` featured products (customer-side.md §4 Home carousels). */
export async function fetchFeaturedProducts(limit: number, signal?: AbortSignal): Promise<Product[]> {
  const page = await api.get<unknown>('/api/products', { query: { featured: 'true', limit }, signal })
  return toList<Product>(page, 'products')
    .filter((product) => product.featured)
    .slice(0, limit)
}

export async function fetchSlides(signal?: AbortSignal): Promise<Slide[]> {
  return toList<Slide>(await api.get<unknown>('/api/slides', { signal }))
}

export async function fetchBrands(signal?: AbortSignal): Promise<Brand[]> {
  return toList<Brand>(await api.get<unknown>('/api/brands', { signal }), 'brands')
}

export function fetchSaleConfig(signal?: AbortSignal): Promise<SaleConfig> {
  return api.get<SaleConfig>('/api/sales/config', { signal })
}

export async function fetchSaleProducts(signal?: AbortSignal): Promise<Product[]> {
  return toList<Product>(await api.get<unknown>('/api/sales/products', { signal }), 'products')
}

let companyFacts: Promise<CompanyFacts> | undefined

/** The shop facts of one settings object (DECISIONS: delivery days, return days, tax refund, WhatsApp). */
export function fetchCompanyFacts(): Promise<CompanyFacts> {
  // The server render (docs/decisions.md, Server rendering) asks every time: its page cache keeps the answer as long as it is current.
  if (typeof window === 'undefined') return api.get<CompanyFacts>('/api/settings/company').catch(() => ({}))
  companyFacts ??= api.get<CompanyFacts>('/api/settings/company').catch(() => {
    companyFacts = undefined
    return {}
  })
  return companyFacts
}
