import { terms } from '@shop/shared/messages/bs/legal.ts'
import { LegalDocumentPage } from '../components/legal-document.tsx'

/** /termsOfService (also /TermsOfService): staff-and-content.md §2 Legal pages. */
export function TermsPage() {
  return <LegalDocumentPage document={terms} />
}
