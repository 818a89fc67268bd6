// 'Naruči ponovo' (docs/decisions.md ('Reorder, quick order and postcodes'), 'Reorder'): a past order's lines, re-quoted at today's
// prices and stock, become cart lines, and each difference becomes a change the buyer is told of.

export type PastOrderLine = {
  productId: string | null
  name: string
  price: number
  size: string | null
  quantity: number
}

/** What POST /api/cart/quote answered for one past line (schemas/checkout.ts cartQuoteLineView). */
export type QuotedLine = {
  productCustomId?: string | null | undefined
  name: string | null
  image: string | null
  size: string | null
  price: number | null
  availableStock: number | null
  status: string
}

/** A line of the browser's cart (customer-side.md §4 Cart), as a reorder makes it and the web stores it. */
export type CartLine = {
  /** The product's customId (customer-side.md §7 Cart actions). */
  productId: string
  name: string
  price: number
  image: string
  size: string | null
  quantity: number
}

export type ReorderChange =
  | { kind: 'gone'; name: string }
  | { kind: 'soldOut'; name: string }
  | { kind: 'reduced'; name: string; quantity: number; available: number }
  | { kind: 'alreadyInCart'; name: string }
  | { kind: 'priceChanged'; name: string; oldPrice: number; newPrice: number }

export type ReorderPlan = { lines: CartLine[]; changes: ReorderChange[] }

const cartKey = (productId: string, size: string | null) => `${productId}|${size ?? ''}`

/**
 * quoted[i] answers lines[i] (null where the product no longer exists); inCart holds what the cart has
 * already (by cartKey), which counts against the stock too.
 */
export function planReorder(
  lines: readonly PastOrderLine[],
  quoted: readonly (QuotedLine | null)[],
  inCart: ReadonlyMap<string, number>,
): ReorderPlan {
  const plan: ReorderPlan = { lines: [], changes: [] }
  lines.forEach((line, index) => {
    const quote = quoted[index]
    const label = line.size ? `${line.name} (${line.size})` : line.name
    if (
      !quote?.productCustomId ||
      quote.price === null ||
      !['ok', 'insufficient_stock', 'out_of_stock'].includes(quote.status)
    ) {
      plan.changes.push({ kind: 'gone', name: label })
      return
    }
    if (quote.status === 'out_of_stock' || quote.availableStock === 0) {
      plan.changes.push({ kind: 'soldOut', name: label })
      return
    }
    const already = inCart.get(cartKey(quote.productCustomId, quote.size)) ?? 0
    const room = quote.availableStock === null ? Infinity : quote.availableStock - already
    if (room <= 0) {
      plan.changes.push({ kind: 'alreadyInCart', name: label })
      return
    }
    const quantity = Math.min(line.quantity, room)
    if (quantity < line.quantity)
      plan.changes.push({ kind: 'reduced', name: label, quantity: line.quantity, available: quantity })
    if (quote.price !== line.price) {
      plan.changes.push({ kind: 'priceChanged', name: label, oldPrice: line.price, newPrice: quote.price })
    }
    plan.lines.push({
      productId: quote.productCustomId,
      name: quote.name ?? line.name,
      price: quote.price,
      image: quote.image ?? '',
      size: quote.size,
      quantity,
    })
  })
  return plan
}

/** The cart's quantities by product and size, the key planReorder reads. */
export function cartQuantities(lines: readonly { productId: string; size: string | null; quantity: number }[]) {
  const quantities = new Map<string, number>()
  for (const line of lines)
    quantities.set(
      cartKey(line.productId, line.size),
      (quantities.get(cartKey(line.productId, line.size)) ?? 0) + line.quantity,
    )
  return quantities
}
