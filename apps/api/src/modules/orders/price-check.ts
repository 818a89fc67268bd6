import { messages } from '@shop/shared/messages/bs.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import type { PlaceOrderBody } from '@shop/shared/schemas/orders.ts'
import type { AmountChange, PriceChange, PriceChanges } from '@shop/shared/schemas/price-changes.ts'
import { AppError } from '../../platform/errors.ts'

// docs/decisions.md, Prices the buyer saw: an order carries the prices its buyer was shown; a higher
// price refuses it (409 PRICE_CHANGED, nothing written), a lower one is charged and reported. The
// shop's price is the only one ever charged; a line without a shown price is charged as before.

/** One priced line of the order, as placeOrder resolved it (the cart's reference and size, the shop's price). */
export type CheckedLine = {
  reference: string
  size: string | null
  product: { name: string } | null
  option: { size: string } | null
  price: { unitPrice: number } | null
}

export type ChargedAmounts = { shippingCost: number; total: number }

const cents = (value: number): number => Math.round(roundMoney(value) * 100)

const lineKey = (reference: string, size: string | null | undefined): string => `${reference}|${size?.trim() || ''}`

/** The lowest unit price the buyer saw per product and size (lines of one product are merged). */
function seenLinePrices(body: PlaceOrderBody): Map<string, number> {
  const seen = new Map<string, number>()
  for (const line of body.lines) {
    if (line.expectedPrice === null || line.expectedPrice === undefined) continue
    const key = lineKey(line.product_id, line.custom_size)
    seen.set(key, Math.min(seen.get(key) ?? Infinity, line.expectedPrice))
  }
  return seen
}

function amountChange(seen: number | null | undefined, charged: number): AmountChange | undefined {
  if (seen === null || seen === undefined || cents(seen) === cents(charged)) return undefined
  return { oldPrice: roundMoney(seen), newPrice: roundMoney(charged) }
}

function onlyIf(change: AmountChange | undefined, isRaise: boolean): AmountChange | undefined {
  return change && change.newPrice > change.oldPrice === isRaise ? change : undefined
}

function pricesInOneDirection(
  lines: readonly PriceChange[],
  shipping: AmountChange | undefined,
  total: AmountChange | undefined,
  isRaise: boolean,
): PriceChanges | null {
  const changes = lines.filter((change) => change.newPrice > change.oldPrice === isRaise)
  const shippingChange = onlyIf(shipping, isRaise)
  const totalChange = onlyIf(total, isRaise)
  if (changes.length === 0 && !shippingChange && !totalChange) return null
  return {
    changes,
    ...(shippingChange ? { shipping: shippingChange } : {}),
    ...(totalChange ? { total: totalChange } : {}),
  }
}

/**
 * The prices of this order that differ from those its buyer saw: `raised` (the order must be
 * refused) and `lowered` (charged, and said so). `requested` and `resolved` are the merged cart
 * lines and their resolution, index by index.
 */
export function comparePrices(
  body: PlaceOrderBody,
  requested: readonly { reference: string; size: string | null }[],
  resolved: readonly CheckedLine[],
  charged: ChargedAmounts,
): { raised: PriceChanges | null; lowered: PriceChanges | null } {
  const seen = seenLinePrices(body)
  const lines: PriceChange[] = []
  resolved.forEach((line, index) => {
    const request = requested[index]
    const seenPrice = request ? seen.get(lineKey(request.reference, request.size)) : undefined
    if (seenPrice === undefined || !line.price || cents(seenPrice) === cents(line.price.unitPrice)) return
    // The option as the cart named it, so that the client finds its own line.
    const optionCode = line.option ? (request?.size ?? line.option.size) : undefined
    lines.push({
      productId: line.reference,
      ...(optionCode ? { optionCode } : {}),
      name: line.product?.name ?? line.reference,
      oldPrice: roundMoney(seenPrice),
      newPrice: roundMoney(line.price.unitPrice),
    })
  })
  const shipping = amountChange(body.expectedShippingCost, charged.shippingCost)
  const total = amountChange(body.expectedTotal, charged.total)
  return {
    raised: pricesInOneDirection(lines, shipping, total, true),
    lowered: pricesInOneDirection(lines, shipping, total, false),
  }
}

/**
 * Refuses the order with 409 PRICE_CHANGED when anything costs more than the buyer saw; answers
 * what costs less (null when nothing does), which the order is charged at and reports.
 */
export function assertPricesAsSeen(
  body: PlaceOrderBody,
  requested: readonly { reference: string; size: string | null }[],
  resolved: readonly CheckedLine[],
  charged: ChargedAmounts,
): PriceChanges | null {
  const { raised, lowered } = comparePrices(body, requested, resolved, charged)
  if (raised) throw new AppError(409, 'PRICE_CHANGED', messages.orders.pricesRaised, undefined, raised)
  return lowered
}
