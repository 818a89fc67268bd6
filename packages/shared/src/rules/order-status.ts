import { messages } from '../messages/bs.ts'

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'ready_for_pickup',
  'completed',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const text = messages.orders

const CUSTOMER_LABELS: Partial<Record<string, string>> = {
  pending: text.statusPending,
  processing: text.statusProcessing,
  shipped: text.statusShipped,
  ready_for_pickup: text.statusReadyForPickup,
  completed: text.statusCompleted,
  cancelled: text.statusCancelled,
}

const ADMIN_LABELS: Record<OrderStatus, string> = {
  pending: text.adminStatusPending,
  processing: text.adminStatusProcessing,
  shipped: text.adminStatusShipped,
  ready_for_pickup: text.adminStatusReadyForPickup,
  completed: text.adminStatusCompleted,
  cancelled: text.adminStatusCancelled,
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/**
 * customer-side.md §4 Order status: five labels, plus ready_for_pickup from the customer column of
 * staff-and-content.md §4 (so a shopper never reads 'Ready_for_pickup'); any other status is shown
 * capitalised as it is.
 */
export function customerStatusLabel(status: string): string {
  return CUSTOMER_LABELS[status] ?? capitalise(status)
}

/** staff-and-content.md §4 Order status, admin column. */
export function adminStatusLabel(status: string): string {
  return ADMIN_LABELS[status as OrderStatus] ?? capitalise(status)
}

/** The line under a customer's order (customer-side.md §4), or undefined when the status has none. */
export function customerStatusNote(status: string): string | undefined {
  if (status === 'pending') return text.pendingNote
  if (status === 'processing') return text.processingNote
  return undefined
}

/** A customer may cancel only a pending order (customer-side.md §4; staff-and-content.md §4). */
export function canCustomerCancel(status: string): boolean {
  return status === 'pending'
}

export const EXPECTED_DELIVERY_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** Shipped orders show an expected delivery of creation + 7 days (customer-side.md §4, §9). */
export function expectedDeliveryDate(createdAt: string | number | Date): Date {
  return new Date(new Date(createdAt).getTime() + EXPECTED_DELIVERY_DAYS * DAY_MS)
}

/** The order number shown to people: the first 8 characters of the id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8)
}
