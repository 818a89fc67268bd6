import { privacy } from '@shop/shared/messages/bs/legal.ts'
import { LegalDocumentPage } from '../components/legal-document.tsx'
import { planOf } from '../../../lib/use-load.ts'

/** The frame's load alone. */
export const loadPlan = planOf()

/** /PrivacyPolicy: staff-and-content.md §2 Legal pages. */
export function PrivacyPage() {
  return <LegalDocumentPage document={privacy} />
}
