import type { DocumentKind } from '@shop/shared/schemas/tax-facts.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { api } from '../../../../lib/api-client.ts'
import { saveFile } from '../../../../lib/save-file.ts'

const fileWord: Record<DocumentKind, string> = { invoice: 'racun', 'packing-slip': 'otpremnica' }

/** GET /api/orders/{id}/invoice.pdf or packing-slip.pdf (staff), saved as račun-2026-000123.pdf. */
export async function downloadOrderDocument(order: OrderView, kind: DocumentKind): Promise<void> {
  const path = kind === 'invoice' ? 'invoice.pdf' : 'packing-slip.pdf'
  const blob = await api.get<Blob>(`/api/orders/${encodeURIComponent(order.id)}/${path}`, { responseType: 'blob' })
  saveFile(blob, `${fileWord[kind]}-${order.documentNumber ?? order.id.slice(0, 8)}.pdf`)
}

/** POST /api/orders/documents: the selected orders' documents of one kind as one PDF. */
export async function downloadDocuments(ids: readonly string[], kind: DocumentKind): Promise<void> {
  const blob = await api.post<Blob>('/api/orders/documents', { ids, kind }, { responseType: 'blob' })
  saveFile(blob, `${kind === 'invoice' ? 'racuni' : 'otpremnice'}-${ids.length}.pdf`)
}

/** PUT /api/orders/{id}/fiscal-receipt: the fiscal receipt staff printed for the order ('' clears it). */
export function saveFiscalReceipt(id: string, fiscalReceiptNumber: string): Promise<OrderView> {
  return api.put<OrderView>(`/api/orders/${encodeURIComponent(id)}/fiscal-receipt`, { fiscalReceiptNumber })
}
