// The cart lives in the browser (customer-side.md §4 Cart): localStorage 'shop.cart', a JSON array
// of lines. Every write announces itself with 'shop:cart-changed'; other tabs see 'storage' events.
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { CartLine } from '@shop/shared/rules/reorder.ts'

export type { CartLine }

export const CART_KEY = 'shop.cart'
export const CART_CHANGED_EVENT = 'shop:cart-changed'

function toLine(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null
  const line = value as Record<string, unknown>
  const productId =
    typeof line.productId === 'string' || typeof line.productId === 'number' ? String(line.productId) : ''
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

/** Stores the lines; false when the browser refused (storage off or full). */
export function writeCart(lines: readonly CartLine[]): boolean {
  let isStored = true
  try {
    if (lines.length === 0) localStorage.removeItem(CART_KEY)
    else localStorage.setItem(CART_KEY, JSON.stringify(lines))
  } catch {
    isStored = false
  }
  window.dispatchEvent(new Event(CART_CHANGED_EVENT))
  return isStored
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

/** An empty cart, always this array: the server render's snapshot and an empty stored cart are the same value. */
export const NO_CART_LINES: CartLine[] = []

let cachedLinesRaw: string | null | undefined
let cachedLines: CartLine[] = NO_CART_LINES

/** The lines, the same array while the stored text is unchanged (a getSnapshot for useSyncExternalStore). */
export function readCartLines(): CartLine[] {
  const raw = readRaw()
  if (raw !== cachedLinesRaw) {
    cachedLinesRaw = raw
    const lines = parseCart(raw)
    cachedLines = lines.length === 0 ? NO_CART_LINES : lines
  }
  return cachedLines
}

// customer-side.md §7 Cart actions: add, update quantity, remove and clear, each answering a
// success flag and a message. A line is one product (its customId) in one size.

export type CartActionResult = { success: boolean; message: string }

/** Units that may be in the cart: a number, null for infinite stock, undefined when not known here. */
export type StockLimit = number | null | undefined

const isSameLine = (line: CartLine, productId: string, size: string | null) =>
  line.productId === productId && line.size === (size || null)

const exceedsStock = (quantity: number, stock: StockLimit) => typeof stock === 'number' && quantity > stock

export type NewCartLine = {
  productId: string | number
  name: string
  price: number | null | undefined
  image?: string | null
  size?: string | null
}

/** Adds units of a product (and size), merging with a line already in the cart. */
export function addToCart(product: NewCartLine, quantity = 1, stock?: StockLimit): CartActionResult {
  const productId = String(product.productId)
  const size = product.size || null
  if (productId === '' || !Number.isInteger(quantity) || quantity < 1)
    return { success: false, message: text.cartAddFailed }
  const lines = readCart()
  const existing = lines.find((line) => isSameLine(line, productId, size))
  const wanted = (existing?.quantity ?? 0) + quantity
  if (exceedsStock(wanted, stock)) return { success: false, message: text.notEnoughStock }
  const price = Number(product.price)
  const line: CartLine = {
    productId,
    name: product.name,
    price: Number.isFinite(price) ? price : 0,
    image: product.image ?? '',
    size,
    quantity: wanted,
  }
  const next = existing ? lines.map((item) => (item === existing ? line : item)) : [...lines, line]
  return writeCart(next) ? { success: true, message: text.cartAdded } : { success: false, message: text.cartAddFailed }
}

/** Sets a line's quantity; below 1 removes the line (customer-side.md §4 Cart). */
export function updateCartQuantity(
  productId: string,
  size: string | null,
  quantity: number,
  stock?: StockLimit,
): CartActionResult {
  if (!Number.isFinite(quantity)) return { success: false, message: text.cartUpdateFailed }
  if (quantity < 1) return removeFromCart(productId, size)
  const lines = readCart()
  const existing = lines.find((line) => isSameLine(line, productId, size))
  if (!existing) return { success: false, message: text.cartUpdateFailed }
  const wanted = Math.floor(quantity)
  if (exceedsStock(wanted, stock)) return { success: false, message: text.notEnoughStock }
  const next = lines.map((line) => (line === existing ? { ...line, quantity: wanted } : line))
  return writeCart(next)
    ? { success: true, message: text.cartQuantityUpdated }
    : { success: false, message: text.cartUpdateFailed }
}

export function removeFromCart(productId: string, size: string | null): CartActionResult {
  const lines = readCart()
  const next = lines.filter((line) => !isSameLine(line, productId, size))
  if (next.length === lines.length) return { success: false, message: text.cartRemoveFailed }
  return writeCart(next)
    ? { success: true, message: text.cartRemoved }
    : { success: false, message: text.cartRemoveFailed }
}

export function clearCart(): CartActionResult {
  writeCart([])
  return { success: true, message: text.cartCleared }
}

/** Keeps each line's stored name, price and image in step with what the server answered. */
export function refreshCartLines(
  updates: readonly Pick<CartLine, 'productId' | 'size' | 'name' | 'price' | 'image'>[],
): void {
  const lines = readCart()
  let isChanged = false
  const next = lines.map((line) => {
    const update = updates.find((item) => isSameLine(line, item.productId, item.size))
    if (!update || (update.name === line.name && update.price === line.price && update.image === line.image))
      return line
    isChanged = true
    return { ...line, name: update.name, price: update.price, image: update.image }
  })
  if (isChanged) writeCart(next)
}

/**
 * Adds several lines at once (reorder and quick order, docs/decisions.md ('Reorder, quick order and postcodes')), each merged with the
 * same product and size already in the cart; the caller has checked the stock. False when the browser refused.
 */
export function addLinesToCart(added: readonly CartLine[]): boolean {
  const next = [...readCart()]
  for (const line of added) {
    const index = next.findIndex((item) => isSameLine(item, line.productId, line.size))
    const existing = index >= 0 ? next[index] : undefined
    if (existing) next[index] = { ...line, quantity: existing.quantity + line.quantity }
    else next.push(line)
  }
  return writeCart(next)
}
