import { DEFAULT_PRODUCT_SORT, PRODUCT_SORTS, type ProductSort } from '@shop/shared/rules/sort.ts'
import { removeStoreValues, STORE_FILTERS_KEY, STORE_SESSION_PREFIX } from '../../app/layout/store-filters.ts'

// customer-side.md §4 Store filters: category, brand, search, sort (default 'recommended'), page,
// scroll position and image index live in sessionStorage and are forgotten after 30 minutes
// without activity. The image index is the position on the page of the product last opened: on
// return its card gets the focus back, so that keyboard users continue where they were.

export const STORE_INACTIVITY_MS = 30 * 60 * 1000
export const STORE_RETURN_KEY = `${STORE_SESSION_PREFIX}ReturnPoint`

export type StoreFilters = { category: string; brand: string; search: string; sort: ProductSort; page: number }
export type StoreReturnPoint = { scrollY: number; imageIndex: number }

export const DEFAULT_STORE_FILTERS: StoreFilters = {
  category: '',
  brand: '',
  search: '',
  sort: DEFAULT_PRODUCT_SORT,
  page: 1,
}

export type SessionStore = Pick<Storage, 'length' | 'key' | 'getItem' | 'setItem' | 'removeItem'>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')
const wholeAtLeast = (value: unknown, minimum: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= minimum ? value : minimum

function readJson(storage: SessionStore, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

/**
 * The remembered filters, or the defaults when none are remembered or the shopper was away for
 * 30 minutes or more; in that case every remembered store value is forgotten.
 */
export function readStoreFilters(storage: SessionStore, now: number): StoreFilters {
  const saved = readJson(storage, STORE_FILTERS_KEY)
  if (!isRecord(saved) || typeof saved.touchedAt !== 'number' || now - saved.touchedAt >= STORE_INACTIVITY_MS) {
    removeStoreValues(storage)
    return DEFAULT_STORE_FILTERS
  }
  return {
    category: textOf(saved.category),
    brand: textOf(saved.brand),
    search: textOf(saved.search),
    sort: (PRODUCT_SORTS as readonly unknown[]).includes(saved.sort)
      ? (saved.sort as ProductSort)
      : DEFAULT_PRODUCT_SORT,
    page: wholeAtLeast(saved.page, 1),
  }
}

/** Remembers the filters; every save counts as activity. */
export function saveStoreFilters(storage: SessionStore, filters: StoreFilters, now: number): void {
  storage.setItem(STORE_FILTERS_KEY, JSON.stringify({ ...filters, touchedAt: now }))
}

export function saveReturnPoint(storage: SessionStore, point: StoreReturnPoint): void {
  storage.setItem(STORE_RETURN_KEY, JSON.stringify(point))
}

/** The scroll position and image index saved when a product was opened. */
export function readReturnPoint(storage: SessionStore): StoreReturnPoint | null {
  const saved = readJson(storage, STORE_RETURN_KEY)
  if (!isRecord(saved)) return null
  return { scrollY: wholeAtLeast(saved.scrollY, 0), imageIndex: wholeAtLeast(saved.imageIndex, 0) }
}

/** A return point is used once: after it was restored, the store opens at the top again. */
export function forgetReturnPoint(storage: SessionStore): void {
  storage.removeItem(STORE_RETURN_KEY)
}

/**
 * customer-side.md §2 route table: /store?category=…&search=… starts from these filters alone. The
 * brand and the sort come the same way, from the filter form submitted without JavaScript and from
 * the pagination's links (docs/decisions.md, 'Pages without JavaScript').
 */
export function filtersFromQuery(query: URLSearchParams): StoreFilters | null {
  const [category, brand, search, sort] = (['category', 'brand', 'search', 'sort'] as const).map((name) =>
    query.get(name),
  )
  if (category === null && brand === null && search === null && sort === null) return null
  return {
    ...DEFAULT_STORE_FILTERS,
    category: category ?? '',
    brand: brand ?? '',
    search: search ?? '',
    sort: (PRODUCT_SORTS as readonly unknown[]).includes(sort) ? (sort as ProductSort) : DEFAULT_PRODUCT_SORT,
  }
}

/** The address of a page of these results: what a link of the pagination opens without JavaScript. */
export function storeAddress(filters: StoreFilters, page: number): string {
  const query = new URLSearchParams()
  if (filters.category !== '') query.set('category', filters.category)
  if (filters.brand !== '') query.set('brand', filters.brand)
  if (filters.search.trim() !== '') query.set('search', filters.search.trim())
  if (filters.sort !== DEFAULT_PRODUCT_SORT) query.set('sort', filters.sort)
  if (page > 1) query.set('page', String(page))
  const text = query.toString()
  return text === '' ? '/store' : `/store?${text}`
}

/** customer-side.md §4: any filter or sort change goes back to page 1. */
export function changeFilters(filters: StoreFilters, change: Partial<Omit<StoreFilters, 'page'>>): StoreFilters {
  return { ...filters, ...change, page: 1 }
}

/** How many of the filter sheet's choices differ from the default: category, brand and sort. */
export function countActiveFilters(filters: StoreFilters): number {
  return [filters.category !== '', filters.brand !== '', filters.sort !== DEFAULT_PRODUCT_SORT].filter(Boolean).length
}

export function hasActiveFilters(filters: StoreFilters): boolean {
  return (
    filters.category !== '' ||
    filters.brand !== '' ||
    filters.search.trim() !== '' ||
    filters.sort !== DEFAULT_PRODUCT_SORT
  )
}
