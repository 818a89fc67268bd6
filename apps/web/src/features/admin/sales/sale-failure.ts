import { serverMessage } from '../kit/failure.ts'

/**
 * staff-and-content.md §8 Sales: the page's fixed failure text ('Greška pri primjeni popusta!'),
 * followed by the server's reason when it gave one ('Akcija nije aktivna: …').
 */
export function withReason(failed: string, error: unknown): string {
  const reason = serverMessage(error)
  return reason && reason !== failed ? `${failed} ${reason}` : failed
}
