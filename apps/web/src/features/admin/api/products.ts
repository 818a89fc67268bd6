import type { WaitingStockAlerts } from '@shop/shared/schemas/stock-alerts.ts'
import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import { api, toList } from '../../../lib/api-client.ts'

/** The staff's product: the catalogue's, with the wholesale price, the price floor and the daily cap per buyer. */
export type AdminProduct = CatalogueProduct & {
  wholesale_price: number | null
  price_floor: number | null
  max_per_buyer_per_day: number | null
  /** Set while discount_price is the running sale's; own_discount_price comes back at its end. */
  sale_discount?: { own_discount_price: number | null } | null
  isOutOfStock: boolean
  /** docs/decisions.md ('Back-in-stock alerts'): shoppers waiting for the stock, in all and per option label. */
  waitingAlerts?: WaitingStockAlerts
  /** docs/decisions.md ('Edits that never overwrite each other'): the version an edit sends back. */
  version: number
}
export type AdminProductPage = { products: AdminProduct[]; total: number; page: number; pages: number }

/** staff-and-content.md §9: 12 products per page in the admin catalogue. */
export const ADMIN_PAGE_SIZE = 12

/**
 * GET /api/admin/products: the staff list, searched on the server over name, description, code,
 * option codes and labels, ignoring accents, 12 to a page.
 */
export async function fetchAdminProducts(
  query: { search: string; page: number },
  signal?: AbortSignal,
): Promise<AdminProductPage> {
  const body = await api.get<Partial<AdminProductPage>>('/api/admin/products', {
    query: { search: query.search.trim(), page: query.page, limit: ADMIN_PAGE_SIZE },
    signal,
  })
  return {
    products: toList<AdminProduct>(body, 'products'),
    total: body.total ?? 0,
    page: body.page ?? query.page,
    pages: Math.max(1, body.pages ?? 1),
  }
}

/** The products whose code could equal `code` (for the duplicate-code warning). */
export async function fetchProductsByCode(code: string): Promise<{ id: string; customId: string }[]> {
  const body = await api.get<unknown>('/api/admin/products', { query: { search: code.trim(), limit: 100 } })
  return toList<{ id: string; customId: string }>(body, 'products')
}

/** GET /api/admin/products/{id}: the product as saved now (the form's 'Učitaj najnovije'). */
export function fetchAdminProduct(id: string): Promise<AdminProduct> {
  return api.get<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}`)
}

export function createProduct(payload: Record<string, unknown>): Promise<AdminProduct> {
  return api.post<AdminProduct>('/api/products', payload)
}

export function updateProduct(id: string, payload: Record<string, unknown>): Promise<AdminProduct> {
  return api.patch<AdminProduct>(`/api/products/${encodeURIComponent(id)}`, payload)
}

export function deleteProduct(id: string): Promise<unknown> {
  return api.delete(`/api/products/${encodeURIComponent(id)}`)
}

/** docs/decisions.md, 'Product weights and shipping by weight': the products a parcel cannot be weighed with. */
export type ProductsWithoutWeight = { count: number; products: { id: string; customId: string; name: string }[] }

export function fetchProductsWithoutWeight(signal?: AbortSignal): Promise<ProductsWithoutWeight> {
  return api.get<ProductsWithoutWeight>('/api/admin/products/without-weight', { signal })
}
