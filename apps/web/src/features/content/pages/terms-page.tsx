import { terms } from '@shop/shared/messages/bs/legal.ts'
import { LegalDocumentPage } from '../components/legal-document.tsx'
import { PARCEL_BANDS_LOAD, ParcelPriceTable } from '../components/parcel-price-table.tsx'
import { planOf } from '../../../lib/use-load.ts'

export const loadPlan = planOf(PARCEL_BANDS_LOAD)

/**
 * /termsOfService (also /TermsOfService): staff-and-content.md §2 Legal pages, with the published
 * shipping price by parcel weight (§9) in its delivery section.
 */
export function TermsPage() {
  return <LegalDocumentPage document={terms} extras={{ Dostava: <ParcelPriceTable /> }} />
}
