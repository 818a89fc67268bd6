import { staffWrite } from '../../platform/staff-write.ts'
import type { Actor } from '../../platform/actor.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { availableStock, hasEnoughStock, resolveLinePrice, type LinePrice } from '@shop/shared/rules/cart.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import {
  NORMAL_BASELINE_MIN_ORDERS,
  buyerKindOf,
  findOrderLimitViolations,
  orderLimitMessage,
  orderSizeLimitsFor,
  suspicionReasons,
  type LimitedLine,
  type OrderLimitSettings,
  type OrderSizeLimits,
} from '@shop/shared/rules/order-limits.ts'
import { canCustomerCancel, ORDER_STATUSES, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import { orderTotals, lineTotal } from '@shop/shared/rules/order-totals.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import { isProfilePostalCode } from '@shop/shared/rules/postal-code.ts'
import { isStaff } from '@shop/shared/rules/roles.ts'
import {
  calculateShipping,
  findShippingOption,
  isActiveOption,
  isPickupOption,
  DEFAULT_SHIPPING_SETTINGS,
  appliesFreeShipping,
  availableShippingOptions,
  freeShippingThreshold,
  shippingOptionCost,
  type ShippingOption,
  type ShippingSettings,
} from '@shop/shared/rules/shipping.ts'
import type { AdminOrderList, OrderSort, StaffOrderView } from '@shop/shared/schemas/admin-orders.ts'
import {
  createCheckoutAddress,
  type CheckoutAddress,
  type CartLineStatus,
  type CartQuote,
  type ShippingOptionView,
} from '@shop/shared/schemas/checkout.ts'
import type { OrderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import type {
  OrderConfirmationView,
  OrderView,
  PlaceOrderBody,
  ShippingAddressView,
} from '@shop/shared/schemas/orders.ts'
import { z } from 'zod'
import type { AuthUser } from '../../platform/auth.ts'
import type { Config } from '../../platform/config.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import { orderPlacedMails, orderStatusMail } from './mail.ts'
import {
  countRecentOrdersByAddress,
  countRecentOrdersByEmail,
  findOrder,
  findOrderHeadForUpdate,
  findOrderLimitSettings,
  findRecentAverageTotal,
  findOrderIdByIdempotencyKey,
  findOrderStockItems,
  giveOptionStockBack,
  giveProductStockBack,
  insertOrder,
  insertOrderItems,
  listOrdersForEmail,
  listOrdersOfUser,
  lockIdempotencyKey,
  lockOrderEmail,
  lockStockRows,
  saveProfileAddress,
  setOrderStatus,
  takeOptionStock,
  takeProductStock,
  toOrderView,
  findCartOptions,
  findCartProducts,
  findShippingSettings,
  findOrdersByIds,
  deleteHeldMail,
  deleteOrderRow,
  findLastStatusChange,
  findLineStock,
  clearSuspicionReasons,
  findSuspicionReasons,
  insertHeldMail,
  listOrderIds,
  lockOrderLimitSettings,
  saveOrderLimitSettings,
  type NewOrder,
  type NewOrderItem,
  type StockChange,
  type CartOptionRow,
  type CartProductRow,
  type LineStock,
} from './repo.ts'

// ---- Checkout and order history ----
const text = messages.orders

export type ShopLinks = { publicUrl: string; shopEmail: string }

export type PlaceOrderCommand = {
  body: PlaceOrderBody
  /** From the Idempotency-Key header or the body's idempotencyKey. */
  idempotencyKey: string | null
  user: AuthUser | null
  /** The client's network address (request.ip), kept with the order to count and flag orders per address. */
  clientAddress?: string | null
  /** The server clock (tests move it). */
  now?: () => number
}

export type PlacedOrder = { order: OrderView; isNew: boolean }

const orderNotFound = () => notFound(text.orderNotFound, 'ORDER_NOT_FOUND')

function validationFailure(message: string | undefined): AppError {
  return badRequest(message ?? messages.common.validationFailed)
}

function validateAddress(body: PlaceOrderBody, isPickup: boolean, isGuest: boolean): CheckoutAddress {
  const address = body.shippingAddress ?? {}
  const email = body.email?.trim() ? body.email : address.email
  const parsed = createCheckoutAddress({ isPickup, isGuest }).safeParse({ ...address, email })
  if (!parsed.success) throw validationFailure(parsed.error.issues[0]?.message)
  return parsed.data
}

const textOrNull = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()

/** The option the buyer asked for (or the default), before prices are known: it decides pickup or delivery. */
function preliminaryOption(settings: ShippingSettings | null, requested: string | null): ShippingOption | undefined {
  if (!settings) return undefined
  const active = (settings.options ?? []).filter(isActiveOption)
  if (!requested) return findShippingOption(active, settings.defaultOptionId) ?? active[0]
  const option = findShippingOption(active, requested)
  if (!option) throw badRequest(text.shippingOptionUnavailable, 'SHIPPING_OPTION_UNAVAILABLE')
  return option
}

/** Lines of one product and size are merged, so that stock is checked and taken once for them. */
function mergeLines(body: PlaceOrderBody): { lines: CartLineRequest[]; names: Map<string, string> } {
  const merged = new Map<string, CartLineRequest>()
  const names = new Map<string, string>()
  for (const line of body.lines) {
    const size = textOrNull(line.custom_size)
    const key = `${line.product_id}|${size ?? ''}`
    const existing = merged.get(key)
    if (existing) existing.quantity += line.quantity
    else merged.set(key, { reference: line.product_id, size, quantity: line.quantity })
    if (line.name && !names.has(line.product_id)) names.set(line.product_id, line.name)
  }
  return { lines: [...merged.values()], names }
}

/** 'Not enough stock available for {name} ({size})'; without sizes the empty brackets are left out. */
export function insufficientStockMessage(name: string, size: string | null): string {
  return size ? format(text.notEnoughStockFor, { name, size }) : format(text.notEnoughStockForProduct, { name })
}

function assertOrderable(resolved: readonly ResolvedLine[], names: ReadonlyMap<string, string>): void {
  for (const line of resolved) {
    const name = line.product?.name ?? names.get(line.reference) ?? line.reference
    if (line.status === 'product_not_found') throw badRequest(format(text.productGone, { name }), 'PRODUCT_NOT_FOUND')
    if (line.status === 'size_required') throw badRequest(format(text.sizeRequired, { name }), 'SIZE_REQUIRED')
    if (line.status === 'size_not_found') {
      throw badRequest(format(text.sizeGone, { name, size: line.size ?? '' }), 'SIZE_NOT_FOUND')
    }
  }
  for (const line of resolved) {
    if (line.status === 'insufficient_stock' || line.status === 'out_of_stock') {
      throw conflict(
        insufficientStockMessage(line.product?.name ?? line.reference, line.option?.size ?? null),
        'INSUFFICIENT_STOCK',
      )
    }
  }
}

type OrderItem = { line: ResolvedLine; quantity: number; unitPrice: number }

/** One order item per product and option, however the cart referred to them. */
function toOrderItems(resolved: readonly ResolvedLine[]): OrderItem[] {
  const items = new Map<string, OrderItem>()
  for (const line of resolved) {
    const key = `${line.product?.id}|${line.option?.id ?? ''}`
    const existing = items.get(key)
    if (existing) existing.quantity += line.quantity
    else items.set(key, { line, quantity: line.quantity, unitPrice: line.price?.unitPrice ?? 0 })
  }
  return [...items.values()]
}

function stockChanges(items: readonly OrderItem[]): { products: StockChange[]; options: StockChange[] } {
  const products: StockChange[] = []
  const options: StockChange[] = []
  for (const { line, quantity } of items) {
    if (line.option) {
      if (!line.option.infinite) options.push({ id: line.option.id, quantity })
    } else if (line.product && !line.product.infinite_stock) {
      products.push({ id: line.product.id, quantity })
    }
  }
  return { products, options }
}

const RETRYABLE = new Set(['40P01', '40001'])
const ATTEMPTS = 3

/** A deadlock or serialisation failure (say, with a staff edit locking in another order) is retried. */
async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error
    }
  }
}

/** An order above a staff limit is refused whole, naming the first limit it breaks. */
function assertWithinLimits(lines: readonly LimitedLine[], total: number, limits: OrderSizeLimits | null): void {
  const [violation] = findOrderLimitViolations(lines, total, limits)
  if (violation) throw new AppError(422, 'ORDER_LIMIT_EXCEEDED', orderLimitMessage(violation))
}

/** Orders with one e-mail per hour, counted under a lock on the e-mail so that a burst cannot pass. */
async function assertEmailHourlyLimit(client: Queryable, email: string, settings: OrderLimitSettings): Promise<number> {
  await lockOrderEmail(client, email)
  const count = await countRecentOrdersByEmail(client, email)
  if (count >= settings.maxOrdersPerEmailPerHour) {
    throw tooManyRequests(messages.orderLimits.tooManyFromEmail, 'TOO_MANY_ORDERS')
  }
  return count
}

/** The average order of recent months changes slowly: one query per process every 10 minutes is enough. */
const AVERAGE_TOTAL_TTL_MS = 10 * 60 * 1000
const averageTotals = new WeakMap<Database, { at: number; average: number | null }>()

async function recentAverageTotal(db: Database, client: Queryable, now: number): Promise<number | null> {
  const cached = averageTotals.get(db)
  if (cached && now - cached.at < AVERAGE_TOTAL_TTL_MS && now >= cached.at) return cached.average
  // On the transaction's own connection: PGlite has only one.
  const { average, count } = await findRecentAverageTotal(client)
  const value = count >= NORMAL_BASELINE_MIN_ORDERS ? average : null
  averageTotals.set(db, { at: now, average: value })
  return value
}

function isIdempotencyConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  return code === '23505' && typeof constraint === 'string' && constraint.includes('idempotency_key')
}

/**
 * POST /api/orders. Prices, shipping and totals come from the database and the buyer's role,
 * never from the client (DECISIONS: Security). Stock is checked and taken in one transaction
 * that locks the product and option rows (ARCHITECTURE: Data), so concurrent orders cannot oversell.
 */
export async function placeOrder(
  db: Database,
  links: ShopLinks,
  { body, idempotencyKey, user, clientAddress = null, now = Date.now }: PlaceOrderCommand,
): Promise<PlacedOrder> {
  const settings = await loadShippingSettings(db)
  const limitSettings = await findOrderLimitSettings(db)
  // docs/decisions.md, 'Order limits and suspicious orders': guests and retail customers are limited;
  // wholesale buyers and staff are not (a wholesale order is large by nature).
  const sizeLimits = orderSizeLimitsFor(limitSettings, buyerKindOf(user?.roles ?? null))
  const isLimited = sizeLimits !== null
  const requestedOption = textOrNull(body.shippingMethod?.id) ?? textOrNull(body.shippingMethod?.name)
  const isGuest = user === null
  let isPickup = isPickupOption(preliminaryOption(settings, requestedOption))
  let address = validateAddress(body, isPickup, isGuest)
  const email = user ? user.email : address.email
  if (!email) throw validationFailure(text.emailRequired)
  // Keys are scoped to the buyer, so that nobody can fetch another buyer's order by guessing a key.
  const scopedKey = idempotencyKey
    ? `${user ? `user:${user.id}` : `guest:${normaliseEmail(email)}`}:${idempotencyKey}`
    : null

  if (scopedKey) {
    const existingId = await findOrderIdByIdempotencyKey(db, scopedKey)
    if (existingId) return { order: await existingOrder(db, existingId), isNew: false }
  }
  const { lines, names } = mergeLines(body)
  const roles = user?.roles ?? []

  try {
    return await withRetry(() =>
      db.transaction(async (client): Promise<PlacedOrder> => {
        if (scopedKey) {
          await lockIdempotencyKey(client, scopedKey)
          const existingId = await findOrderIdByIdempotencyKey(client, scopedKey)
          if (existingId) return { order: await existingOrder(client, existingId), isNew: false }
        }
        const ordersFromEmail = isLimited ? await assertEmailHourlyLimit(client, email, limitSettings) : 0
        const { products, options } = await loadCartItems(client, lines, { lock: true })
        const resolved = resolveCartLines(lines, products, options, roles)
        assertOrderable(resolved, names)
        const items = toOrderItems(resolved)
        const priced = items.map((item) => ({ unitPrice: item.unitPrice, quantity: item.quantity }))
        const goods = orderTotals(priced, 0)
        const shipping = calculateShipping({
          settings,
          option: requestedOption ? preliminaryOption(settings, requestedOption)?.id : undefined,
          subtotal: goods.subtotal,
          itemCount: goods.itemCount,
          region: isPickup ? undefined : (address.state ?? ''),
        })
        if (shipping.kind === 'unavailable')
          throw badRequest(text.shippingOptionUnavailable, 'SHIPPING_OPTION_UNAVAILABLE')
        // The default option can change with the cart's value; a delivery then needs the full address.
        if (isPickupOption(shipping.option) !== isPickup) {
          isPickup = isPickupOption(shipping.option)
          address = validateAddress(body, isPickup, isGuest)
        }
        const totals = orderTotals(priced, shipping.cost)
        const limitedLines = items.map(({ line, quantity }) => ({
          name: line.product?.name ?? line.reference,
          quantity,
        }))
        assertWithinLimits(limitedLines, totals.total, sizeLimits)
        const reasons = sizeLimits
          ? suspicionReasons({
              lines: limitedLines,
              total: totals.total,
              limits: sizeLimits,
              ordersFromAddress: clientAddress ? (await countRecentOrdersByAddress(client, clientAddress)) + 1 : 1,
              ordersFromEmail: ordersFromEmail + 1,
              averageTotal: await recentAverageTotal(db, client, now()),
            })
          : []

        const changes = stockChanges(items)
        const takenProducts = await takeProductStock(client, changes.products)
        const takenOptions = await takeOptionStock(client, changes.options)
        if (takenProducts !== changes.products.length || takenOptions !== changes.options.length) {
          // Unreachable while the rows are locked; kept so that a future change cannot oversell quietly.
          throw conflict(text.notEnoughStock, 'INSUFFICIENT_STOCK')
        }

        const row = await insertOrder(client, {
          userId: user?.id ?? null,
          email,
          total: totals.total,
          shippingCost: totals.shippingCost,
          shippingMethod: shippingMethodOf(shipping.option),
          shippingAddress: storedAddress(address, email),
          idempotencyKey: scopedKey,
          clientAddress,
          suspicionReasons: reasons,
        })
        const itemRows = await insertOrderItems(client, row.id, items.map(toNewOrderItem))
        if (user && !isPickup && body.saveAddress !== false) {
          await saveProfileAddress(client, user.id, {
            fullName: address.full_name,
            phoneNumber: address.phone_number,
            streetAddress: address.street_address ?? '',
            city: address.city ?? '',
            state: address.state ?? '',
            zipCode: address.zip_code && isProfilePostalCode(address.zip_code) ? address.zip_code : null,
          })
        }
        const order = toOrderView(row, itemRows)
        for (const mail of orderPlacedMails(order, { ...links, isPickup, isGuest })) await enqueueMail(client, mail)
        return { order, isNew: true }
      }),
    )
  } catch (error) {
    // A double submit that slipped past the lock still cannot make a second order.
    if (scopedKey && isIdempotencyConflict(error)) {
      const existingId = await findOrderIdByIdempotencyKey(db, scopedKey)
      if (existingId) return { order: await existingOrder(db, existingId), isNew: false }
    }
    throw error
  }
}

function shippingMethodOf(option: ShippingOption | null): NewOrder['shippingMethod'] {
  if (!option) return null
  return { id: option.id, name: option.name, basePrice: option.basePrice, description: option.description ?? '' }
}

/** DECISIONS: the country is always 'Bosna i Hercegovina'; a pickup keeps only what was given. */
function storedAddress(address: CheckoutAddress, email: string): ShippingAddressView {
  return {
    full_name: address.full_name,
    phone_number: address.phone_number,
    street_address: address.street_address ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    zip_code: address.zip_code ?? '',
    country: address.country,
    email,
  }
}

function toNewOrderItem({ line, quantity, unitPrice }: OrderItem): NewOrderItem {
  const product = line.product!
  return {
    productId: product.id,
    optionId: line.option?.id ?? null,
    customId: line.option?.custom_id || product.custom_id,
    name: product.name,
    customSize: line.option?.size ?? null,
    quantity,
    price: unitPrice,
  }
}

async function existingOrder(db: Queryable, id: string): Promise<OrderView> {
  const order = await findOrder(db, id)
  if (!order) throw orderNotFound()
  return order
}

/** GET /api/orders/{id}: the UUID is the capability (DECISIONS); the account id stays out. */
export async function getOrderConfirmation(db: Queryable, id: string): Promise<OrderConfirmationView> {
  if (!isUuid(id)) throw orderNotFound()
  const order = await findOrder(db, id)
  if (!order) throw orderNotFound()
  const { userId: _userId, ...confirmation } = order
  return confirmation
}

/**
 * GET /api/users/orders/{email}: a customer sees the orders of their own account; staff see an
 * e-mail's account orders and the guest orders placed with that address.
 */
export async function listOrdersByEmail(db: Queryable, requester: AuthUser, email: string): Promise<OrderView[]> {
  const wanted = normaliseEmail(email)
  if (isStaff(requester.roles)) return listOrdersForEmail(db, wanted)
  if (wanted !== normaliseEmail(requester.email)) throw forbidden(text.listForbidden)
  return listOrdersOfUser(db, requester.id)
}

/**
 * Gives an order's stock back (DECISIONS: an order gives its stock back when cancelled), locking
 * products and then options in id order like placeOrder. The caller owns the transaction and
 * makes sure the order was holding its stock (not already cancelled).
 */
export async function restoreOrderStock(client: Queryable, orderId: string): Promise<void> {
  const items = await findOrderStockItems(client, orderId)
  const products = new Map<string, number>()
  const options = new Map<string, number>()
  for (const item of items) {
    if (item.option_id) options.set(item.option_id, (options.get(item.option_id) ?? 0) + item.quantity)
    else if (item.product_id) products.set(item.product_id, (products.get(item.product_id) ?? 0) + item.quantity)
  }
  const lockedProducts = new Set(items.flatMap((item) => (item.product_id ? [item.product_id] : [])))
  await lockStockRows(client, [...lockedProducts], [...options.keys()])
  const toChanges = (map: Map<string, number>) => [...map].map(([id, quantity]) => ({ id, quantity }))
  await giveProductStockBack(client, toChanges(products))
  await giveOptionStockBack(client, toChanges(options))
}

/** PATCH /api/orders/{id}/cancel: the owner cancels a pending order and its stock returns. */
export async function cancelOwnOrder(
  db: Database,
  actor: Actor,
  user: AuthUser,
  id: string,
): Promise<{ message: string; order: OrderView }> {
  if (!isUuid(id)) throw orderNotFound()
  const order = await withRetry(() =>
    staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
      const head = await findOrderHeadForUpdate(client, id)
      if (!head) throw orderNotFound()
      if (head.user_id !== user.id) throw forbidden(text.cancelNotOwner, 'ORDER_NOT_OWNED')
      if (!canCustomerCancel(head.status)) throw conflict(text.cancelNotPending, 'ORDER_NOT_CANCELLABLE')
      await restoreOrderStock(client, id)
      await setOrderStatus(client, id, 'cancelled')
      await audit({
        action: 'order.cancel',
        entity: 'order',
        entityId: id,
        before: { status: head.status },
        after: { status: 'cancelled' },
      })
      return existingOrder(client, id)
    }),
  )
  return { message: text.cancelled, order }
}

// ---- Cart quote ----

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

// ---- Order admin (staff) ----
const staffText = messages.admin.orders

export type OrderListQuery = {
  search?: string
  status?: OrderStatus
  suspicious?: 'true' | 'false'
  sort: OrderSort
  page: number
  limit: number
}

/** GET /api/orders for staff: one page of the search, with the count that the pager needs. */
export async function listStaffOrders(db: Database, query: OrderListQuery): Promise<AdminOrderList> {
  const { ids, total } = await listOrderIds(db, {
    search: query.search,
    status: query.status,
    isSuspicious: query.suspicious === undefined ? undefined : query.suspicious === 'true',
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  const [orders, reasons] = await Promise.all([findOrdersByIds(db, ids), findSuspicionReasons(db, ids)])
  return {
    data: orders.map((order) => ({ ...order, suspicion: reasons.get(order.id) ?? [] })),
    total,
    page: query.page,
    pages: pageCount(total, query.limit),
    limit: query.limit,
  }
}

/** What a cancelled order must take again, per product without sizes and per option (finite stock only). */
function stockToRetake(lines: readonly LineStock[]): { products: StockChange[]; options: StockChange[] } {
  const needs = new Map<string, { line: LineStock; quantity: number }>()
  for (const line of lines) {
    const id = line.is_option ? line.option_id : line.product_id
    if (id === null || line.finite_stock === null) continue
    const key = `${line.is_option ? 'option' : 'product'}:${id}`
    const need = needs.get(key)
    if (need) need.quantity += line.quantity
    else needs.set(key, { line, quantity: line.quantity })
  }
  const products: StockChange[] = []
  const options: StockChange[] = []
  for (const { line, quantity } of needs.values()) {
    if ((line.finite_stock ?? 0) < quantity) {
      throw conflict(
        format(staffText.notEnoughStockToReopen, { reason: insufficientStockMessage(line.name, line.size) }),
        'INSUFFICIENT_STOCK',
      )
    }
    if (line.is_option) options.push({ id: line.option_id!, quantity })
    else products.push({ id: line.product_id!, quantity })
  }
  return { products, options }
}

/**
 * Reopening a cancelled order takes its stock again (DECISIONS, admin orders), all or nothing:
 * when any line is short the change is refused with 409 INSUFFICIENT_STOCK and nothing moves.
 * Lines whose product or option was deleted since, and infinite stock, take nothing.
 */
async function retakeOrderStock(client: Queryable, orderId: string): Promise<void> {
  const items = await findOrderStockItems(client, orderId)
  const productIds = [...new Set(items.flatMap((item) => (item.product_id ? [item.product_id] : [])))]
  const optionIds = [...new Set(items.flatMap((item) => (item.option_id ? [item.option_id] : [])))]
  await lockStockRows(client, productIds, optionIds)
  const changes = stockToRetake(await findLineStock(client, orderId))
  await takeProductStock(client, changes.products)
  await takeOptionStock(client, changes.options)
}

async function lockOrder(client: Queryable, id: string) {
  const head = isUuid(id) ? await findOrderHeadForUpdate(client, id) : undefined
  if (!head) throw orderNotFound()
  return head
}

/** Moves the order's stock as a status change from `from` to `to` demands (§4, DECISIONS). */
async function moveStockForStatus(client: Queryable, id: string, from: string, to: OrderStatus): Promise<void> {
  if (to === 'cancelled') await restoreOrderStock(client, id)
  else if (from === 'cancelled') await retakeOrderStock(client, id)
}

/**
 * PATCH /api/orders/{id}/status: staff may set any status from any other (staff-and-content.md §4).
 * Into 'cancelled' the stock goes back once; out of 'cancelled' it is taken again or the change
 * is refused. The customer's mail is queued in the same transaction, held for a minute so that
 * the change can be undone (docs/decisions.md, 'Staff kit and staff orders'); the audit entry keeps the held mail's id.
 * Setting the status the order already has changes nothing and mails nobody.
 */
export async function changeOrderStatus(
  db: Database,
  links: ShopLinks,
  actor: Actor,
  id: string,
  status: OrderStatus,
): Promise<OrderView> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const head = await lockOrder(client, id)
    if (head.status !== status) {
      await moveStockForStatus(client, id, head.status, status)
      await setOrderStatus(client, id, status)
    }
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    if (head.status !== status) {
      const heldMailId = await insertHeldMail(client, orderStatusMail(order, links))
      await audit({
        action: 'order.status',
        entity: 'order',
        entityId: id,
        before: { status: head.status },
        after: { status, heldMailId },
      })
    }
    return order
  })
}

const undoExpired = () => conflict(staffText.undoExpired, 'UNDO_EXPIRED')

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * POST /api/orders/{id}/status/undo: takes back the order's latest status change while its
 * customer mail is still held: the old status returns (with its stock, as any change moves it),
 * and the held mail is deleted in the same transaction, so it is never sent. Once the mail has
 * gone out, or the status has changed again since, the answer is 409 UNDO_EXPIRED.
 */
export async function undoOrderStatus(db: Database, actor: Actor, id: string): Promise<OrderView> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const head = await lockOrder(client, id)
    const last = await findLastStatusChange(client, id)
    if (!last?.heldMailId || last.after !== head.status || !isOrderStatus(last.before)) throw undoExpired()
    if (!(await deleteHeldMail(client, last.heldMailId))) throw undoExpired()
    await moveStockForStatus(client, id, head.status, last.before)
    await setOrderStatus(client, id, last.before)
    await audit({
      action: 'order.status_undo',
      entity: 'order',
      entityId: id,
      before: { status: head.status },
      after: { status: last.before, withdrawnMailId: last.heldMailId },
    })
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    return order
  })
}

/**
 * DELETE /api/orders/{id}/suspicion: staff checked a flagged order and found it
 * genuine; the flag and its reasons go, the audit log keeps them with who cleared them. An order
 * without a flag is answered as it is (nothing to record).
 */
export async function clearOrderSuspicion(db: Database, actor: Actor, id: string): Promise<StaffOrderView> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    await lockOrder(client, id)
    const reasons = (await findSuspicionReasons(client, [id])).get(id) ?? []
    if (reasons.length > 0) {
      await clearSuspicionReasons(client, id)
      await audit({
        action: 'order.suspicion_cleared',
        entity: 'order',
        entityId: id,
        before: { suspicion: reasons },
        after: { suspicion: [] },
      })
    }
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    return { ...order, suspicion: [] }
  })
}

/**
 * Statuses whose goods are still in the shop: deleting such an order gives its stock back.
 * A shipped or completed order's goods have left; a cancelled one gave its stock back already.
 */
const HOLDS_SHELF_STOCK = new Set(['pending', 'processing', 'ready_for_pickup'])

/** DELETE /api/orders/{id} (admin only): the order and its lines go; the audit keeps the whole order. */
export async function deleteOrder(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const head = await lockOrder(client, id)
    const before = await findOrder(client, id)
    const stockReturned = HOLDS_SHELF_STOCK.has(head.status)
    if (stockReturned) await restoreOrderStock(client, id)
    await deleteOrderRow(client, id)
    await audit({
      action: 'delete',
      entity: 'order',
      entityId: id,
      before: { ...before, stockReturned },
      after: null,
    })
    return { id, message: staffText.deleted }
  })
}

// ---- Order limits (staff settings) ----
function toView(settings: OrderLimitSettings, config: Config): OrderLimitSettingsView {
  return { ...settings, addressLimitFromEnvironment: config.ordersPerAddressPerHour ?? null }
}

/** GET /api/settings/order-limits (staff): the limits as POST /api/orders applies them. */
export async function getOrderLimitSettings(db: Database, config: Config): Promise<OrderLimitSettingsView> {
  return toView(await findOrderLimitSettings(db), config)
}

/**
 * PUT /api/settings/order-limits (staff): the whole object replaces the stored one and applies to
 * the next order in every API process (each order reads it). One audit line with before and after.
 */
export async function updateOrderLimitSettings(
  db: Database,
  config: Config,
  actor: Actor,
  input: OrderLimitSettings,
): Promise<OrderLimitSettingsView> {
  await staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const before = await lockOrderLimitSettings(client)
    await saveOrderLimitSettings(client, input)
    await audit({
      action: before === undefined ? 'create' : 'update',
      entity: 'settings',
      entityId: 'order_limits',
      before: before ?? null,
      after: input,
    })
  })
  return getOrderLimitSettings(db, config)
}
