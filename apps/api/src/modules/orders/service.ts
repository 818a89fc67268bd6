import type { FastifyRequest } from 'fastify'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import { orderTotals } from '@shop/shared/rules/order-totals.ts'
import { canCustomerCancel } from '@shop/shared/rules/order-status.ts'
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
import { isProfilePostalCode } from '@shop/shared/rules/postal-code.ts'
import { isStaff } from '@shop/shared/rules/roles.ts'
import {
  calculateShipping,
  findShippingOption,
  isActiveOption,
  isPickupOption,
  type ShippingOption,
  type ShippingSettings,
} from '@shop/shared/rules/shipping.ts'
import { createCheckoutAddress, type CheckoutAddress } from '@shop/shared/schemas/checkout.ts'
import type {
  OrderConfirmationView,
  OrderView,
  PlaceOrderBody,
  ShippingAddressView,
} from '@shop/shared/schemas/orders.ts'
import { recordAudit } from '../../platform/audit.ts'
import type { AuthUser } from '../../platform/auth.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import { isUuid } from '../cart/repo.ts'
import {
  loadCartItems,
  loadShippingSettings,
  resolveCartLines,
  type CartLineRequest,
  type ResolvedLine,
} from '../cart/service.ts'
import { orderPlacedMails } from './mail.ts'
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
  type NewOrder,
  type NewOrderItem,
  type StockChange,
} from './repo.ts'

const text = messages.orders

export type ShopLinks = { publicUrl: string; shopEmail: string }

export type PlaceOrderCommand = {
  body: PlaceOrderBody
  /** From the Idempotency-Key header or the body's idempotencyKey. */
  idempotencyKey: string | null
  user: AuthUser | null
  /** The client's network address (request.ip), kept with the order (issue 13 (e)). */
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

/** Issue 13 (e): an order above a staff limit is refused whole, naming the first limit it breaks. */
function assertWithinLimits(lines: readonly LimitedLine[], total: number, limits: OrderSizeLimits | null): void {
  const [violation] = findOrderLimitViolations(lines, total, limits)
  if (violation) throw new AppError(422, 'ORDER_LIMIT_EXCEEDED', orderLimitMessage(violation))
}

/** Issue 13 (e): orders with one e-mail per hour, counted under a lock on the e-mail so that a burst cannot pass. */
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
  // Issue 13 (e): guests and retail customers are limited; wholesale buyers and staff are not (DECISIONS).
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
  request: FastifyRequest,
  user: AuthUser,
  id: string,
): Promise<{ message: string; order: OrderView }> {
  if (!isUuid(id)) throw orderNotFound()
  const order = await withRetry(() =>
    db.transaction(async (client) => {
      const head = await findOrderHeadForUpdate(client, id)
      if (!head) throw orderNotFound()
      if (head.user_id !== user.id) throw forbidden(text.cancelNotOwner, 'ORDER_NOT_OWNED')
      if (!canCustomerCancel(head.status)) throw conflict(text.cancelNotPending, 'ORDER_NOT_CANCELLABLE')
      await restoreOrderStock(client, id)
      await setOrderStatus(client, id, 'cancelled')
      await recordAudit(client, request, {
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
