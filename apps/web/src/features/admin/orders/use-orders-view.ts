import { useCallback, useState } from 'react'

export const ORDER_VIEWS = ['cards', 'table'] as const
export type OrderView = (typeof ORDER_VIEWS)[number]

/** The browser keeps the orders admin's last view (docs/decisions.md, 'Orders admin as a working list'). */
export const ORDER_VIEW_KEY = 'shop.admin-orders.view'
/** Today's cards stay the first view; the table is one click away and remembered from then on. */
export const DEFAULT_ORDER_VIEW: OrderView = 'cards'

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // A browser that forbids storage (private mode, blocked cookies) still shows the page.
    return undefined
  }
}

export function readOrderView(): OrderView {
  const stored = storage()?.getItem(ORDER_VIEW_KEY)
  return ORDER_VIEWS.find((view) => view === stored) ?? DEFAULT_ORDER_VIEW
}

/** The orders admin's view, table or cards, remembered in this browser. */
export function useOrdersView(): [OrderView, (view: OrderView) => void] {
  const [view, setView] = useState<OrderView>(readOrderView)
  const choose = useCallback((next: OrderView) => {
    setView(next)
    try {
      storage()?.setItem(ORDER_VIEW_KEY, next)
    } catch {
      // Full or forbidden storage: the choice holds for this visit only.
    }
  }, [])
  return [view, choose]
}
