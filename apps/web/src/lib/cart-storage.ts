// The cart lives in the browser (customer-side.md §4 Cart): localStorage 'shop.cart', a JSON array
// of lines. Every write announces itself with 'shop:cart-changed'; other tabs see 'storage' events.

export const CART_KEY = 'shop.cart'
export const CART_CHANGED_EVENT = 'shop:cart-changed'

export type CartLine = {
  /** The product's customId (customer-side.md §7 Cart actions). */
  productId: string
  name: string
  price: number
  image: string
  size: string | null
  quantity: number
}

function toLine(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null
  const line = value as Record<string, unknown>
  const productId = typeof line.productId === 'string' || typeof line.productId === 'number' ? String(line.productId) : ''
  const quantity = Number(line.quantity)
  if (productId === '' || !Number.isFinite(quantity) || quantity < 1) return null
  const price = Number(line.price)
  return {
    productId,
    name: typeof line.name === 'string' ? line.name : '',
    price: Number.isFinite(price) ? price : 0,
    image: typeof line.image === 'string' ? line.image : '',
    size: typeof line.size === 'string' && line.size !== '' ? line.size : null,
    quantity: Math.floor(quantity),
  }
}

/** Reads what was stored, dropping lines that are damaged or have a quantity below 1. */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return []
    return value.map(toLine).filter((line): line is CartLine => line !== null)
  } catch {
    return []
  }
}

/** The top bar's badge: the sum of quantities. */
export function countCartItems(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

function readRaw(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(CART_KEY)
  } catch {
    return null
  }
}

export function readCart(): CartLine[] {
  return parseCart(readRaw())
}

export function writeCart(lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(CART_KEY)
    else localStorage.setItem(CART_KEY, JSON.stringify(lines))
  } catch {
    // Storage off or full: the cart cannot outlive the page; the event still updates the page.
  }
  window.dispatchEvent(new Event(CART_CHANGED_EVENT))
}

export function subscribeCart(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CART_CHANGED_EVENT, listener)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CART_CHANGED_EVENT, listener)
  }
}

let cachedRaw: string | null | undefined
let cachedCount = 0

/** The badge count, recomputed only when the stored text changed (a getSnapshot for useSyncExternalStore). */
export function readCartCount(): number {
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedCount = countCartItems(parseCart(raw))
  }
  return cachedCount
}
