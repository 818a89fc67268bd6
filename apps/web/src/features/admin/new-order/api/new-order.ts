import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import type {
  StaffCustomerView,
  StaffOrderInput,
  StaffPlacedOrderView,
  StaffQuoteInput,
  StaffQuoteView,
} from '@shop/shared/schemas/staff-orders.ts'
import { api, toList } from '../../../../lib/api-client.ts'

// docs/decisions.md, 'Orders entered by staff': the calls of the new-order page.

/** GET /api/orders/staff/customers: registered customers by name, e-mail or phone. */
export async function searchCustomers(query: string, signal?: AbortSignal): Promise<StaffCustomerView[]> {
  const body = await api.get<unknown>('/api/orders/staff/customers', { query: { query }, signal, unwrap: false })
  return toList<StaffCustomerView>(body, 'data')
}

const PRODUCT_MATCHES = 8

/** GET /api/products?search=: the catalogue's own search (name, code), with the stock of each option. */
export async function searchProducts(search: string, signal?: AbortSignal): Promise<CatalogueProduct[]> {
  const body = await api.get<unknown>('/api/products', {
    query: { search, limit: PRODUCT_MATCHES, page: 1 },
    signal,
    unwrap: false,
  })
  return toList<CatalogueProduct>(body, 'products')
}

/** POST /api/orders/staff/quote: prices for the chosen customer, live stock, shipping. */
export function quoteStaffOrder(input: StaffQuoteInput, signal?: AbortSignal): Promise<StaffQuoteView> {
  return api.post<StaffQuoteView>('/api/orders/staff/quote', input, { signal })
}

/** POST /api/orders/staff: the order itself. */
export function placeStaffOrder(input: StaffOrderInput): Promise<StaffPlacedOrderView> {
  return api.post<StaffPlacedOrderView>('/api/orders/staff', input)
}
