import type { ReturnStatus } from '@shop/shared/rules/returns.ts'
import type { BadgeTone } from '../../ui/badge.tsx'

/** The badge colour of a complaint's status, on the order page and in the staff list. */
export function returnStatusTone(status: ReturnStatus): BadgeTone {
  if (status === 'rejected') return 'danger'
  if (status === 'refunded' || status === 'replaced') return 'success'
  if (status === 'requested') return 'warning'
  return 'primary'
}
