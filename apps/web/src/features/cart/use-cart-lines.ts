import { useSyncExternalStore } from 'react'
import { NO_CART_LINES, readCartLines, subscribeCart, type CartLine } from '../../lib/cart-storage.ts'

/** The stored cart, updated on every change in this tab and in others (an empty cart: no render after the hydration). */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribeCart, readCartLines, () => NO_CART_LINES)
}
