import type { TaxFactsInput, TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import { api } from '../../../../lib/api-client.ts'

/** GET /api/settings/tax-facts (staff): the seller on every invoice (docs/decisions.md, 'Invoices and packing slips'). */
export function fetchTaxFacts(signal?: AbortSignal): Promise<TaxFactsView & { version: number }> {
  return api.get<TaxFactsView & { version: number }>('/api/settings/tax-facts', { signal })
}

/** PUT /api/settings/tax-facts with the whole object; answers the saved facts. */
export function saveTaxFacts(input: TaxFactsInput, version: number): Promise<TaxFactsView & { version: number }> {
  return api.put<TaxFactsView & { version: number }>('/api/settings/tax-facts', { ...input, version })
}
