import type { ContactInput } from '@shop/shared/schemas/contact.ts'
import { api } from '../../../lib/api-client.ts'

/** customer-side.md §7 POST /api/contact: name, email, phone, message, productName. */
export function sendContactMessage(input: ContactInput): Promise<unknown> {
  return api.post('/api/contact', input)
}
