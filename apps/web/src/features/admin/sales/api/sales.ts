import type { SaleStatus } from '@shop/shared/rules/sale.ts'
import type { CatalogueProduct, SaleConfig, SaleProduct } from '@shop/shared/schemas/catalogue.ts'
import { api, toList } from '../../../../lib/api-client.ts'

// staff-and-content.md §7 Sales: the calls of the sales admin page.

/** §3 Product (for sales picker): id, name, price; with its options, to show their price range. */
export type PickerProduct = Pick<CatalogueProduct, 'id' | 'name' | 'price' | 'has_sizes' | 'size_stock' | 'images'>

export type SaleState = SaleConfig & {
  status: SaleStatus
  isApplied: boolean
  changed: 'applied' | 'restored' | null
  nextTransitionAt: string | null
}

export type SaleProductInput = {
  productId: string
  discountPercentage: number | null
  originalPrice: number
  /** Only for a custom new price; null when a percentage was given. */
  discountedPrice: number | null
}

export function fetchSaleConfig(signal?: AbortSignal): Promise<SaleConfig> {
  return api.get<SaleConfig>('/api/sales/config', { signal })
}

export async function fetchSaleProducts(signal?: AbortSignal): Promise<SaleProduct[]> {
  return toList<SaleProduct>(await api.get<unknown>('/api/sales/products', { signal }), 'products')
}

export function saveSaleConfig(config: SaleConfig & { discountedProducts: unknown[] }): Promise<SaleConfig> {
  return api.put<SaleConfig>('/api/sales/config', config)
}

export function checkSaleStatus(): Promise<SaleState> {
  return api.post<SaleState>('/api/sales/check-status')
}

export function addSaleProduct(input: SaleProductInput): Promise<unknown> {
  return api.post('/api/sales/products', input)
}

export function removeSaleProduct(id: string): Promise<unknown> {
  return api.delete(`/api/sales/products/${encodeURIComponent(id)}`)
}

export function applyDiscounts(): Promise<{ message?: string }> {
  return api.post('/api/sales/apply-discounts')
}

export function restorePrices(): Promise<unknown> {
  return api.post('/api/sales/restore-prices')
}

/** The picker's search by name, on the server (GET /api/products?search=). */
export async function searchProducts(search: string, signal?: AbortSignal): Promise<PickerProduct[]> {
  return toList<PickerProduct>(
    await api.get<unknown>('/api/products', { query: { search, limit: 20 }, signal }),
    'products',
  )
}
