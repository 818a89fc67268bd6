import { contact } from '@shop/shared/messages/bs/contact.ts'
import { ApiError } from '../../lib/api-client.ts'

export type ContactErrors = Partial<Record<'name' | 'email' | 'message', string>>

type Issue = { path: ReadonlyArray<PropertyKey>; message: string }

/** The first message per field of the contact form, from the schema's issues. */
export function fieldErrors(issues: readonly Issue[]): ContactErrors {
  const errors: ContactErrors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if ((field === 'name' || field === 'email' || field === 'message') && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/**
 * customer-side.md §8 Contact: a failed send reads 'Došlo je do greške prilikom slanja poruke. Molimo
 * pokušajte ponovno.'; only the rate limit (429) says in its own words when to try again.
 */
export function sendFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 429 && error.message ? error.message : contact.failed
}
