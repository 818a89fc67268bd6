import { z } from 'zod'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { availableStock, hasEnoughStock, resolveLinePrice, type LinePrice } from '@shop/shared/rules/cart.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import { lineTotal, orderTotals } from '@shop/shared/rules/order-totals.ts'
import {
  DEFAULT_SHIPPING_SETTINGS,
  appliesFreeShipping,
  availableShippingOptions,
  calculateShipping,
  freeShippingThreshold,
  isPickupOption,
  shippingOptionCost,
  type ShippingOption,
  type ShippingSettings,
} from '@shop/shared/rules/shipping.ts'
import type { CartLineStatus, CartQuote, ShippingOptionView } from '@shop/shared/schemas/checkout.ts'
import type { AuthUser } from '../../platform/auth.ts'
import type { Queryable } from '../../platform/db.ts'
import {
  findCartOptions,
  findCartProducts,
  findShippingSettings,
  type CartOptionRow,
  type CartProductRow,
} from './repo.ts'

const text = messages.orders

// ---------------------------------------------------------------------------------------------
// Shipping settings as stored by the staff page. Read leniently: an option id may be a number,
// a missing flag keeps its default; a document that is not settings at all counts as "failed to
// load", which the rules price at 12 KM (customer-side.md §9).
const money = z.coerce.number().finite().min(0)
const storedOption = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  description: z.string().nullish(),
  basePrice: money.catch(0),
  isActive: z.boolean().nullish(),
  appliesFreeShipping: z.boolean().nullish().catch(null),
  conditions: z
    .object({
      regions: z.array(z.string()).nullish(),
      minOrderValue: money.nullish().catch(null),
      maxOrderValue: money.nullish().catch(null),
    })
    .nullish()
    .catch(null),
})
const storedSettings = z.object({
  id: z.union([z.string(), z.number()]).transform(String).nullish(),
  options: z.array(storedOption).nullish(),
  freeShippingThreshold: money.nullish().catch(null),
  defaultOptionId: z.union([z.string(), z.number()]).transform(String).nullish(),
  basePrice: money.nullish().catch(null),
  pricePerItem: money.nullish().catch(null),
})

export async function loadShippingSettings(db: Queryable): Promise<ShippingSettings | null> {
  const stored = await findShippingSettings(db)
  if (stored === undefined) return { ...DEFAULT_SHIPPING_SETTINGS, options: [] }
  const parsed = storedSettings.safeParse(stored)
  return parsed.success ? parsed.data : null
}

export function toShippingOptionView(
  settings: ShippingSettings,
  option: ShippingOption,
  subtotal: number,
): ShippingOptionView {
  return {
    id: option.id,
    name: option.name,
    description: option.description ?? '',
    basePrice: roundMoney(option.basePrice),
    cost: shippingOptionCost(settings, option, subtotal),
    isPickup: isPickupOption(option),
    appliesFreeShipping: appliesFreeShipping(option),
  }
}

// ---------------------------------------------------------------------------------------------
// Cart lines against the catalogue.

export type CartLineRequest = { reference: string; size: string | null; quantity: number }

export type ResolvedLine = CartLineRequest & {
  product: CartProductRow | null
  option: CartOptionRow | null
  status: CartLineStatus
  price: LinePrice | null
  /** null for infinite stock. */
  availableStock: number | null
  /** All the units of this product and size in the cart, which the stock must cover together. */
  quantityOfSameItem: number
}

function matchProduct(products: readonly CartProductRow[], reference: string): CartProductRow | null {
  return (
    products.find((product) => product.id === reference.toLowerCase()) ??
    products.find((product) => product.custom_id === reference) ??
    null
  )
}

function matchOption(options: readonly CartOptionRow[], productId: string, size: string): CartOptionRow | null {
  const own = options.filter((option) => option.product_id === productId)
  return (
    own.find((option) => option.size === size) ??
    own.find((option) => option.size.toLowerCase() === size.toLowerCase()) ??
    null
  )
}

/** Loads the products and options of a cart; with lock, inside the caller's transaction. */
export async function loadCartItems(db: Queryable, lines: readonly CartLineRequest[], { lock }: { lock: boolean }) {
  const references = [...new Set(lines.map((line) => line.reference))]
  const products = await findCartProducts(db, references, { lock })
  const sizedIds = products.filter((product) => product.has_sizes).map((product) => product.id)
  const options = await findCartOptions(db, sizedIds, { lock })
  return { products, options }
}

/**
 * Matches each line to its product and option, prices it for these roles and checks its stock
 * (customer-side.md §4 Cart, §5 Stock). Lines of the same product and size share the stock.
 */
export function resolveCartLines(
  lines: readonly CartLineRequest[],
  products: readonly CartProductRow[],
  options: readonly CartOptionRow[],
  roles: readonly string[],
): ResolvedLine[] {
  const matched = lines.map((line) => {
    const product = matchProduct(products, line.reference)
    const size = product?.has_sizes ? line.size : null
    const option = product && size ? matchOption(options, product.id, size) : null
    return { ...line, size, product, option }
  })
  const quantities = new Map<string, number>()
  const keyOf = (line: (typeof matched)[number]) => `${line.product?.id}|${line.option?.id ?? ''}`
  for (const line of matched) quantities.set(keyOf(line), (quantities.get(keyOf(line)) ?? 0) + line.quantity)

  return matched.map((line): ResolvedLine => {
    const { product, option } = line
    const quantityOfSameItem = quantities.get(keyOf(line)) ?? line.quantity
    if (!product) return { ...line, status: 'product_not_found', price: null, availableStock: 0, quantityOfSameItem }
    if (product.has_sizes && !line.size) {
      return { ...line, status: 'size_required', price: null, availableStock: 0, quantityOfSameItem }
    }
    if (product.has_sizes && !option) {
      return { ...line, status: 'size_not_found', price: null, availableStock: 0, quantityOfSameItem }
    }
    const price = resolveLinePrice(product, option, roles)
    const stock = availableStock(product, option)
    const status: CartLineStatus =
      stock === 0 ? 'out_of_stock' : hasEnoughStock(product, option, quantityOfSameItem) ? 'ok' : 'insufficient_stock'
    return { ...line, status, price, availableStock: stock, quantityOfSameItem }
  })
}

export function lineMessage(line: ResolvedLine): string | null {
  const name = line.product?.name ?? line.reference
  switch (line.status) {
    case 'ok':
      return null
    case 'insufficient_stock':
    case 'out_of_stock':
      return text.notEnoughStock
    case 'product_not_found':
      return format(text.productGone, { name })
    case 'size_required':
      return format(text.sizeRequired, { name })
    case 'size_not_found':
      return format(text.sizeGone, { name, size: line.size ?? '' })
  }
}

// ---------------------------------------------------------------------------------------------
// POST /api/cart/quote

export type CartQuoteRequest = {
  lines: CartLineRequest[]
  shippingOptionId?: string | null | undefined
  region?: string | null | undefined
}

/**
 * Re-prices and re-checks a locally kept cart. Missing products, missing sizes and short stock
 * are reported per line, not thrown (STYLE §4: expected outcomes are data).
 */
export async function quoteCart(db: Queryable, request: CartQuoteRequest, user: AuthUser | null): Promise<CartQuote> {
  const roles = user?.roles ?? []
  const [{ products, options }, settings] = await Promise.all([
    loadCartItems(db, request.lines, { lock: false }),
    loadShippingSettings(db),
  ])
  const resolved = resolveCartLines(request.lines, products, options, roles)
  const priced = resolved.filter((line) => line.price !== null)
  const totals = orderTotals(
    priced.map((line) => ({ unitPrice: line.price?.unitPrice ?? 0, quantity: line.quantity })),
    0,
  )
  const region = request.region || undefined
  const context = { settings, subtotal: totals.subtotal, itemCount: totals.itemCount, region }
  const requested = request.shippingOptionId
    ? calculateShipping({ ...context, option: request.shippingOptionId })
    : null
  const shipping = requested && requested.kind !== 'unavailable' ? requested : calculateShipping(context)
  const offered = settings ? availableShippingOptions(settings, { subtotal: totals.subtotal, region }) : []
  const shippingCost = roundMoney(shipping.cost)

  return {
    lines: resolved.map((line) => ({
      productId: line.reference,
      id: line.product?.id ?? null,
      customId: line.option?.custom_id || line.product?.custom_id || null,
      name: line.product?.name ?? null,
      image: line.product?.image ?? null,
      size: line.size,
      quantity: line.quantity,
      price: line.price?.unitPrice ?? null,
      regularPrice: line.price?.regularPrice ?? null,
      lineTotal: line.price ? lineTotal({ unitPrice: line.price.unitPrice, quantity: line.quantity }) : 0,
      isWholesalePrice: line.price?.isWholesalePrice ?? false,
      availableStock: line.availableStock,
      isAvailable: line.price !== null && line.availableStock !== 0,
      hasEnoughStock: line.status === 'ok',
      status: line.status,
      message: lineMessage(line),
    })),
    shippingOptions: settings ? offered.map((option) => toShippingOptionView(settings, option, totals.subtotal)) : [],
    shippingOption:
      settings && shipping.option ? toShippingOptionView(settings, shipping.option, totals.subtotal) : null,
    isRequestedShippingAvailable: requested === null || requested.kind !== 'unavailable',
    shippingCost,
    freeShippingThreshold: settings ? freeShippingThreshold(settings) : DEFAULT_SHIPPING_SETTINGS.freeShippingThreshold,
    itemCount: totals.itemCount,
    subtotal: totals.subtotal,
    total: roundMoney(totals.subtotal + shippingCost),
    canCheckout: resolved.length > 0 && resolved.every((line) => line.status === 'ok'),
  }
}
