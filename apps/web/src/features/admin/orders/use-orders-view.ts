import { useCallback, useState } from 'react'

export const ORDER_VIEWS = ['cards', 'table'] as const
export type OrdersViewMode = (typeof ORDER_VIEWS)[number]

/** The browser keeps the orders admin's last view (docs/decisions.md, 'Orders admin as a working list'). */
export const ORDER_VIEW_KEY = 'shop.admin-orders.view'
/** Today's cards stay the first view; the table is one click away and remembered from then on. */
export const DEFAULT_ORDER_VIEW: OrdersViewMode = 'cards'

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage
}

export function readOrderView(): OrdersViewMode {
  try {
    const stored = storage()?.getItem(ORDER_VIEW_KEY)
    return ORDER_VIEWS.find((view) => view === stored) ?? DEFAULT_ORDER_VIEW
  } catch {
    // A browser that forbids storage (private mode, blocked cookies) still shows the page.
    return DEFAULT_ORDER_VIEW
  }
}

/** The orders admin's view, table or cards, remembered in this browser. */
export function useOrdersView(): [OrdersViewMode, (view: OrdersViewMode) => void] {
  const [view, setView] = useState<OrdersViewMode>(readOrderView)
  const choose = useCallback((next: OrdersViewMode) => {
    setView(next)
    try {
      storage()?.setItem(ORDER_VIEW_KEY, next)
    } catch {
      // Full or forbidden storage: the choice holds for this visit only.
    }
  }, [])
  return [view, choose]
}
