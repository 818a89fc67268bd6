import { privacy } from '@shop/shared/messages/bs/legal.ts'
import { LegalDocumentPage } from '../components/legal-document.tsx'

/** /PrivacyPolicy: staff-and-content.md §2 Legal pages. */
export function PrivacyPage() {
  return <LegalDocumentPage document={privacy} />
}
