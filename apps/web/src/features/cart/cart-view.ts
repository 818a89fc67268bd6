// The cart page's numbers: the stored lines, priced by the server's quote when it has answered for
// exactly these lines, otherwise by the last quote or the stored prices (customer-side.md §4 Cart, §9).
import { orderTotals, lineTotal } from '@shop/shared/rules/order-totals.ts'
import {
  DEFAULT_SHIPPING_SETTINGS,
  SHIPPING_COST_WHEN_SETTINGS_FAIL,
  calculateShipping,
} from '@shop/shared/rules/shipping.ts'
import type { PriceKind } from '@shop/shared/rules/pricing.ts'
import { unitOf } from '@shop/shared/rules/units.ts'
import type { CartQuote, CartQuoteLine } from '@shop/shared/schemas/checkout.ts'
import type { CartLine } from '../../lib/cart-storage.ts'

/** The last answer and the cart it was for; failedKey names a cart whose quote could not be had. */
export type QuoteState = { quote: CartQuote | null; quoteKey: string | null; failedKey: string | null }

export type QuoteStatus = 'current' | 'loading' | 'failed'

export function quoteStatus(state: QuoteState, currentKey: string): QuoteStatus {
  if (state.failedKey === currentKey) return 'failed'
  return state.quote && state.quoteKey === currentKey ? 'current' : 'loading'
}

/** What a quote depends on: the lines' products, sizes and quantities, the shipping choice and region. */
export function quoteKey(lines: readonly CartLine[], shippingOptionId: string | null, region: string | null): string {
  return JSON.stringify([lines.map((line) => [line.productId, line.size, line.quantity]), shippingOptionId, region])
}

export type CartViewLine = {
  key: string
  productId: string
  /** The code shown as 'Šifra': the option's own code when the line has one (docs/decisions.md, Walk-through fixes). */
  code: string
  size: string | null
  quantity: number
  name: string
  image: string
  unitPrice: number
  /** Shown struck through when higher than the unit price. */
  regularPrice: number | null
  lineTotal: number
  isWholesalePrice: boolean
  /** Which price this buyer is charged (the lowest they are entitled to), named beside the line. */
  priceKind: PriceKind
  /** null for infinite stock, undefined while the server has not told. */
  availableStock: number | null | undefined
  /** The server's reason why this line cannot be ordered as it stands. */
  problem: string | null
  /** docs/decisions.md, 'Units of measure and lines without a limit': shown beside the quantity. */
  unit: string
  /** Not held to the per-line quantity limit. */
  noLineLimit: boolean
  /** No stock at all: 'Nema na stanju', and left out of the summary (docs/decisions.md, Cart and orders (web)). */
  isSoldOut: boolean
}

export type CartSummary = {
  subtotal: number
  shippingCost: number
  total: number
  itemCount: number
  /** False while the numbers are the page's estimate, not the server's answer for these lines. */
  isConfirmed: boolean
}

export type CartView = { lines: CartViewLine[]; summary: CartSummary; canCheckout: boolean }

export function lineKey(line: Pick<CartLine, 'productId' | 'size'>): string {
  return `${line.productId}|${line.size ?? ''}`
}

function findQuoteLine(quote: CartQuote | null, line: CartLine, index: number, isCurrent: boolean) {
  if (!quote) return undefined
  if (isCurrent) return quote.lines[index]
  return quote.lines.find((item) => item.productId === line.productId && (item.size ?? null) === (line.size ?? null))
}

/** The server names a wholesale price; a unit price below the regular one is a discount (or sale). */
export function priceKindOf(unitPrice: number, regularPrice: number | null, isWholesalePrice: boolean): PriceKind {
  if (isWholesalePrice) return 'wholesale'
  return regularPrice !== null && unitPrice < regularPrice ? 'discount' : 'regular'
}

function toViewLine(line: CartLine, quoted: CartQuoteLine | undefined): CartViewLine {
  const unitPrice = quoted?.price ?? line.price
  const regularPrice = quoted?.regularPrice ?? null
  const isWholesalePrice = quoted?.isWholesalePrice ?? false
  return {
    key: lineKey(line),
    productId: line.productId,
    code: quoted?.customId ?? line.productId,
    size: line.size,
    quantity: line.quantity,
    name: quoted?.name ?? line.name,
    image: quoted?.image ?? line.image,
    unitPrice,
    regularPrice,
    lineTotal: lineTotal({ unitPrice, quantity: line.quantity }),
    isWholesalePrice,
    priceKind: priceKindOf(unitPrice, regularPrice, isWholesalePrice),
    availableStock: quoted ? quoted.availableStock : undefined,
    problem: quoted?.message ?? null,
    unit: unitOf({ unit: quoted?.unit }),
    noLineLimit: quoted?.noLineLimit ?? false,
    isSoldOut: quoted?.status === 'out_of_stock',
  }
}

/** The shipping estimate before the server has answered for these lines. */
function estimatedShipping(state: QuoteState, isFailed: boolean, subtotal: number, itemCount: number): number {
  if (isFailed) return SHIPPING_COST_WHEN_SETTINGS_FAIL
  const last = state.quote
  if (!last) return calculateShipping({ settings: DEFAULT_SHIPPING_SETTINGS, subtotal, itemCount }).cost
  const option = last.shippingOption
  // An option outside the free-shipping threshold (express) keeps its price above it.
  if (subtotal >= last.freeShippingThreshold && (option?.appliesFreeShipping ?? true)) return 0
  return option ? option.basePrice : last.shippingCost
}

export function buildCartView(lines: readonly CartLine[], state: QuoteState, currentKey: string): CartView {
  const status = quoteStatus(state, currentKey)
  const isCurrent = status === 'current'
  const viewLines = lines.map((line, index) => toViewLine(line, findQuoteLine(state.quote, line, index, isCurrent)))
  if (isCurrent && state.quote) {
    const { subtotal, shippingCost, total, itemCount, canCheckout } = state.quote
    return { lines: viewLines, summary: { subtotal, shippingCost, total, itemCount, isConfirmed: true }, canCheckout }
  }
  const counted = viewLines.filter((line) => !line.isSoldOut)
  const goods = orderTotals(counted, 0)
  const totals = orderTotals(counted, estimatedShipping(state, status === 'failed', goods.subtotal, goods.itemCount))
  return {
    lines: viewLines,
    summary: { ...totals, isConfirmed: false },
    // A failed quote must not block a sale: the server checks everything again when the order is placed.
    canCheckout: lines.length > 0 && viewLines.every((line) => line.problem === null),
  }
}
