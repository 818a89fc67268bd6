import type { StockChangeKind, StockCorrectionInput, StockLedgerPage } from '@shop/shared/schemas/stock-ledger.ts'
import { api } from '../../../lib/api-client.ts'
import { saveFile } from '../../../lib/save-file.ts'

// docs/decisions.md, 'Stock ledger': a product's stock history and staff corrections.

export type StockLedgerFilter = {
  kind: StockChangeKind | ''
  /** '' all, '-' the product's own stock, else an option's code. */
  optionCode: string
  from: string
  to: string
}

function filterQuery(filter: StockLedgerFilter): Record<string, string> {
  const query: Record<string, string> = {}
  if (filter.kind) query.kind = filter.kind
  if (filter.optionCode) query.optionCode = filter.optionCode
  if (filter.from) query.from = filter.from
  if (filter.to) query.to = filter.to
  return query
}

/** GET /api/products/{id}/stock-ledger: one page, newest first, with the stock now. */
export function fetchStockLedger(
  productId: string,
  filter: StockLedgerFilter,
  page: number,
  signal?: AbortSignal,
): Promise<StockLedgerPage> {
  return api.get<StockLedgerPage>(`/api/products/${encodeURIComponent(productId)}/stock-ledger`, {
    query: { ...filterQuery(filter), page, limit: 20 },
    signal,
  })
}

/** The filtered history as CSV, through the app's client (the token goes along), saved by the browser. */
export async function downloadStockLedgerCsv(
  productId: string,
  customId: string,
  filter: StockLedgerFilter,
): Promise<void> {
  const blob = await api.get<Blob>(`/api/products/${encodeURIComponent(productId)}/stock-ledger`, {
    query: { ...filterQuery(filter), format: 'csv' },
    responseType: 'blob',
  })
  saveFile(blob, `stanje-zaliha-${customId.replace(/[^A-Za-z0-9._-]/g, '_')}.csv`)
}

/** POST /api/products/{id}/stock-corrections. */
export function correctStock(
  productId: string,
  input: StockCorrectionInput,
): Promise<{ message: string; optionCode: string | null; resultingStock: number }> {
  return api.post(`/api/products/${encodeURIComponent(productId)}/stock-corrections`, input)
}
