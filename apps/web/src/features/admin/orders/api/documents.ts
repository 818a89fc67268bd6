import type { DocumentKind } from '@shop/shared/schemas/tax-facts.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { api } from '../../../../lib/api-client.ts'

/** Hands a file (a PDF, a CSV) to the browser as a download from a blob: URL (a plain link could not carry the token). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

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
