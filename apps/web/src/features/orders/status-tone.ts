import type { BadgeTone } from '../../ui/badge.tsx'

const STATUS_TONES: Partial<Record<string, BadgeTone>> = {
  pending: 'warning',
  processing: 'primary',
  shipped: 'accent',
  ready_for_pickup: 'accent',
  completed: 'success',
  cancelled: 'danger',
}

/** The badge colour of an order's status, on the history's cards and on the order page. */
export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status] ?? 'neutral'
}
