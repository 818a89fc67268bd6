import { useSyncExternalStore } from 'react'
import { readCartCount, subscribeCart } from './cart-storage.ts'

export function useCartCount(): number {
  return useSyncExternalStore(subscribeCart, readCartCount, () => 0)
}
