import type { ComponentType } from 'react'
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import { CheckCircleIcon, ClockIcon, CloseIcon, SettingsIcon, StoreIcon, TruckIcon } from '../../../ui/icons.tsx'

type StatusStyle = { tone: OrderStatus; icon: ComponentType<{ size?: number }> }

/**
 * staff-and-content.md §4: every status its own colour and icon (completed green, cancelled red,
 * shipped blue). The colours are the `order-status--<tone>` classes in orders-page.css.
 */
const STYLES: Record<OrderStatus, StatusStyle> = {
  pending: { tone: 'pending', icon: ClockIcon },
  processing: { tone: 'processing', icon: SettingsIcon },
  shipped: { tone: 'shipped', icon: TruckIcon },
  ready_for_pickup: { tone: 'ready_for_pickup', icon: StoreIcon },
  completed: { tone: 'completed', icon: CheckCircleIcon },
  cancelled: { tone: 'cancelled', icon: CloseIcon },
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/** A status the list does not know (an old row, say) is shown like a pending one. */
export function orderStatusStyle(status: string): StatusStyle {
  return isOrderStatus(status) ? STYLES[status] : STYLES.pending
}
