// docs/decisions.md, 'The private order page'.

/**
 * A mailed link opens the order's page while the order is younger than a year: long enough for a
 * complaint or a warranty question, short enough that an old mailbox is not a lasting key.
 */
export function orderPageLinkExpiresAt(createdAt: string | Date): Date {
  const expires = new Date(createdAt)
  expires.setUTCFullYear(expires.getUTCFullYear() + 1)
  return expires
}

export function isOrderPageLinkOpen(createdAt: string | Date, now: number): boolean {
  return now < orderPageLinkExpiresAt(createdAt).getTime()
}

export type TimelineStep = { status: string; at: string }

/**
 * The order's status timeline, oldest first: placed as 'pending' at its creation, then each recorded
 * change. An order whose recorded changes do not end in its status (placed before changes were
 * recorded, or written by the seed) gets its status at its last update as the final step.
 */
export function orderTimeline(
  order: { status: string; createdAt: string; updatedAt: string },
  changes: readonly TimelineStep[],
): TimelineStep[] {
  const steps: TimelineStep[] = [{ status: 'pending', at: order.createdAt }, ...changes]
  const last = steps[steps.length - 1]!
  if (last.status !== order.status) steps.push({ status: order.status, at: order.updatedAt })
  return steps
}
