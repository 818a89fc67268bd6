import type { ImportReport, PriceChangeInput, PriceChangeResult } from '@shop/shared/schemas/catalogue-io.ts'
import { api } from '../../../../lib/api-client.ts'
import { saveFile } from '../../../../lib/save-file.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': the staff products page's export, import and price change.

/** GET /api/products/export through the app's client (the token goes along), saved from a blob: URL. */
export async function downloadCatalogue(fileFormat: 'csv' | 'xlsx', today: Date = new Date()): Promise<void> {
  const blob = await api.get<Blob>('/api/products/export', { query: { format: fileFormat }, responseType: 'blob' })
  saveFile(blob, `proizvodi-${today.toISOString().slice(0, 10)}.${fileFormat}`)
}

export type ImportChoice = { file: File; mode: 'upsert' | 'update'; dryRun: boolean; onlyValid: boolean }

/** POST /api/products/import: the dry run's report, or the applied import's. */
export function importCatalogue(choice: ImportChoice): Promise<ImportReport> {
  const body = new FormData()
  body.append('file', choice.file)
  return api.post<ImportReport>('/api/products/import', body, {
    query: { mode: choice.mode, dryRun: String(choice.dryRun), onlyValid: String(choice.onlyValid) },
  })
}

/** POST /api/products/price-change: the preview (dryRun) or the change. */
export function changePrices(input: PriceChangeInput): Promise<PriceChangeResult> {
  return api.post<PriceChangeResult>('/api/products/price-change', input)
}
