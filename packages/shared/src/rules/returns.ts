// Complaints and returns (docs/decisions.md ('Complaints and returns')): the windows of the legal page (messages/bs/legal.ts,
// 'Povrat i reklamacije') and the order of a complaint's statuses. Pure: the caller passes the time.

export const RETURN_REASONS = ['damaged', 'wrong_product', 'does_not_fit', 'other'] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

export const RETURN_STATUSES = ['requested', 'approved', 'received', 'refunded', 'replaced', 'rejected'] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

/** legal.ts: 'Proizvod možete vratiti u roku od 15 dana od preuzimanja'. */
export const RETURN_WINDOW_DAYS = 15
/** legal.ts: 'Pogrešnu ili oštećenu isporuku prijavite nam u roku od 7 dana od preuzimanja'. */
export const WRONG_DELIVERY_WINDOW_DAYS = 7
/** The same rule as staff images (staff-and-content.md §9), at most three per complaint. */
export const MAX_RETURN_PHOTOS = 3
export const RETURN_DESCRIPTION_MIN = 10
export const RETURN_DESCRIPTION_MAX = 2000

const DAY_MS = 24 * 60 * 60 * 1000

/** A damaged or wrong delivery is reported within 7 days; any other return within 15. */
export function returnWindowDays(reason: ReturnReason): number {
  return reason === 'damaged' || reason === 'wrong_product' ? WRONG_DELIVERY_WINDOW_DAYS : RETURN_WINDOW_DAYS
}

/** The last moment a complaint for this reason may be filed: the delivery plus the window. */
export function returnDeadline(deliveredAt: string | Date, reason: ReturnReason): Date {
  return new Date(new Date(deliveredAt).getTime() + returnWindowDays(reason) * DAY_MS)
}

export function isWithinReturnWindow(deliveredAt: string | Date, reason: ReturnReason, now: number): boolean {
  return now <= returnDeadline(deliveredAt, reason).getTime()
}

/**
 * requested → approved → received → refunded or replaced; requested or approved → rejected (with a
 * reason). Nothing leaves refunded, replaced or rejected, and no status follows itself: a second
 * 'received' is refused, so the goods go back on the shelf once.
 */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received', 'rejected'],
  received: ['refunded', 'replaced'],
  refunded: [],
  replaced: [],
  rejected: [],
}

export function nextReturnStatuses(status: ReturnStatus): readonly ReturnStatus[] {
  return NEXT[status]
}

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return NEXT[from].includes(to)
}

export function isReturnStatus(value: string): value is ReturnStatus {
  return (RETURN_STATUSES as readonly string[]).includes(value)
}
