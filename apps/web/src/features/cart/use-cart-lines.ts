import { useSyncExternalStore } from 'react'
import { readCartLines, subscribeCart, type CartLine } from '../../lib/cart-storage.ts'

const NO_LINES: CartLine[] = []

/** The stored cart, updated on every change in this tab and in others. */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribeCart, readCartLines, () => NO_LINES)
}
