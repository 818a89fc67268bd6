import { DEFAULT_UNIT, unitOf } from '@shop/shared/rules/units.ts'
import { staffWrite, type StaffTransaction } from '../../platform/staff-write.ts'
import { findVersion } from '../../platform/record-version.ts'
import type { Actor } from '../../platform/actor.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { availableStock, hasEnoughStock, resolveLinePrice, type LinePrice } from '@shop/shared/rules/cart.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import { formatDocumentNumber } from '@shop/shared/rules/document-number.ts'
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
import {
  canCustomerCancel,
  expectedDeliveryDate,
  adminStatusLabel,
  ORDER_STATUSES,
  type OrderStatus,
} from '@shop/shared/rules/order-status.ts'
import { maskEmail, maskPhone } from '@shop/shared/rules/contact-mask.ts'
import { isOrderPageLinkOpen, orderTimeline } from '@shop/shared/rules/order-page.ts'
import { orderTotals, lineTotal } from '@shop/shared/rules/order-totals.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import { isProfilePostalCode } from '@shop/shared/rules/postal-code.ts'
import { isStaff } from '@shop/shared/rules/roles.ts'
import { parseQuickOrder } from '@shop/shared/rules/quick-order.ts'
import type { QuickOrderLineView, QuickOrderStatus, QuickOrderView } from '@shop/shared/schemas/quick-order.ts'
import { formatWeightKg, parcelWeight, unitWeight } from '@shop/shared/rules/parcel-weight.ts'
import { maxPublishedParcelKg } from '@shop/shared/rules/shipping-weight.ts'
import {
  calculateShipping,
  isParcelTooHeavy,
  parcelPriceBands,
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
import type { OrderBulkStatusResult, OrderBulkStatusView } from '@shop/shared/schemas/order-bulk-status.ts'
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
  OrderPageView,
  OrderView,
  PlaceOrderBody,
  ShippingAddressView,
} from '@shop/shared/schemas/orders.ts'
import type { PriceChanges } from '@shop/shared/schemas/price-changes.ts'
import { discountedUnitPrice, type OrderSource, type StaffOrderSource } from '@shop/shared/rules/order-source.ts'
import type { StaffCustomerView, StaffOrderBody, StaffPlacedOrderView } from '@shop/shared/schemas/staff-orders.ts'
import type { Role } from '@shop/shared/rules/roles.ts'
import { nameStockChange } from '../catalogue/stock-reason.ts'
import { z } from 'zod'
import type { AuthUser } from '../../platform/auth.ts'
import type { Config } from '../../platform/config.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { assertBuyerDailyCaps } from './buyer-caps.ts'
import { AppError, found, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import { orderPlacedMails, orderStatusMail } from './mail.ts'
import { assertPricesAsSeen } from './price-check.ts'
import { createOrderPageToken, hashOrderPageToken, isOrderPageTokenShape } from './order-page-token.ts'
import {
  countRecentOrdersByAddress,
  countRecentOrdersByEmail,
  findOrder,
  findOrderHead,
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
  anonymiseOrdersOfUser,
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
  findQuickOrderCodes,
  findShippingSettings,
  findOrdersByIds,
  findOrderSources,
  findCustomerAccount,
  searchCustomers,
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
  type OrderHead,
  setDocumentNumber,
  setFiscalReceiptNumber,
  takeDocumentNumber,
  insertOrderPageToken,
  findOrderIdByPageToken,
  insertStatusChange,
  deleteLastStatusChange,
  findStatusChanges,
  findReturnableItems,
  ORDER_LIMITS_KEY,
} from './repo.ts'
import { findTaxFacts } from '../content/service.ts'

// ---- Checkout and order history ----
const text = messages.orders

/** The checkout's body, or a staff order's, whose lines may carry a discount. */
type OrderBody = PlaceOrderBody | StaffOrderBody

export type ShopLinks = { publicUrl: string; shopEmail: string }

export type PlaceOrderCommand = {
  body: OrderBody
  /** From the Idempotency-Key header or the body's idempotencyKey. */
  idempotencyKey: string | null
  user: AuthUser | null
  /** The client's network address (request.ip), kept with the order to count and flag orders per address. */
  clientAddress?: string | null
  /** The server clock (tests move it). */
  now?: () => number
  /**
   * An order staff entered for `user` (a registered customer) or for a guest (user null): audited under
   * the staff member, exempt from the order limits, its stock change named 'staff_order', the customer's
   * mail sent only when asked (docs/decisions.md, 'Orders entered by staff').
   */
  enteredBy?: StaffEntry
}

export type StaffEntry = { actor: Actor; source: StaffOrderSource; notifyCustomer: boolean }

export type PlacedOrder = {
  order: OrderView
  isNew: boolean
  /** The order page link's token for the confirmation page (docs/decisions.md, 'The private order page'). */
  orderPageToken: string
  /** What costs less than the buyer saw, charged at the lower price (docs/decisions.md, Prices the buyer saw). */
  loweredPrices?: PriceChanges | null
}

const orderNotFound = () => notFound(text.orderNotFound, 'ORDER_NOT_FOUND')

function validationFailure(message: string | undefined): AppError {
  return badRequest(message ?? messages.common.validationFailed)
}

function validateAddress(body: OrderBody, isPickup: boolean, isGuest: boolean): CheckoutAddress {
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
function mergeLines(body: OrderBody): { lines: CartLineRequest[]; names: Map<string, string> } {
  const merged = new Map<string, CartLineRequest>()
  const names = new Map<string, string>()
  for (const line of body.lines) {
    const size = textOrNull(line.custom_size)
    const staffLine: { discountPercent?: number | null; discountReason?: string | null } =
      'discountPercent' in line ? line : {}
    const discount = staffLine.discountPercent
      ? { discountPercent: staffLine.discountPercent, discountReason: staffLine.discountReason ?? null }
      : {}
    // Lines with different staff discounts stay apart; the stock check still counts them together.
    const key = `${line.product_id}|${size ?? ''}|${discount.discountPercent ?? ''}|${discount.discountReason ?? ''}`
    const existing = merged.get(key)
    if (existing) existing.quantity += line.quantity
    else merged.set(key, { reference: line.product_id, size, quantity: line.quantity, ...discount })
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

/**
 * One order item per product, option and staff discount, however the cart referred to them. A staff
 * discount is taken off the price the buyer is entitled to (docs/decisions.md, 'Orders entered by staff').
 */
function toOrderItems(resolved: readonly ResolvedLine[]): OrderItem[] {
  const items = new Map<string, OrderItem>()
  for (const line of resolved) {
    const key = `${line.product?.id}|${line.option?.id ?? ''}|${line.discountPercent ?? ''}|${line.discountReason ?? ''}`
    const existing = items.get(key)
    if (existing) existing.quantity += line.quantity
    else {
      const unitPrice = discountedUnitPrice(line.price?.unitPrice ?? 0, line.discountPercent)
      items.set(key, { line, quantity: line.quantity, unitPrice })
    }
  }
  return [...items.values()]
}

/** One change per stocked row: items of one product with different discounts take its stock together. */
function stockChanges(items: readonly OrderItem[]): { products: StockChange[]; options: StockChange[] } {
  const products = new Map<string, number>()
  const options = new Map<string, number>()
  for (const { line, quantity } of items) {
    if (line.option) {
      if (!line.option.infinite) options.set(line.option.id, (options.get(line.option.id) ?? 0) + quantity)
    } else if (line.product && !line.product.infinite_stock) {
      products.set(line.product.id, (products.get(line.product.id) ?? 0) + quantity)
    }
  }
  const toChanges = (map: Map<string, number>) => [...map].map(([id, quantity]) => ({ id, quantity }))
  return { products: toChanges(products), options: toChanges(options) }
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
  { body, idempotencyKey, user, clientAddress = null, now = Date.now, enteredBy }: PlaceOrderCommand,
): Promise<PlacedOrder> {
  const settings = await loadShippingSettings(db)
  const limitSettings = await findOrderLimitSettings(db)
  // docs/decisions.md, 'Order limits and suspicious orders': guests and retail customers are limited;
  // wholesale buyers and staff are not (a wholesale order is large by nature). An order staff enter is
  // not limited either (docs/decisions.md, 'Orders entered by staff').
  const sizeLimits = enteredBy ? null : orderSizeLimitsFor(limitSettings, buyerKindOf(user?.roles ?? null))
  const isLimited = sizeLimits !== null
  const requestedOption = textOrNull(body.shippingMethod?.id) ?? textOrNull(body.shippingMethod?.name)
  const isGuest = user === null
  let isPickup = isPickupOption(preliminaryOption(settings, requestedOption))
  let address = validateAddress(body, isPickup, isGuest)
  const email = user ? user.email : address.email
  if (!email) throw validationFailure(text.emailRequired)
  // Keys are scoped to the buyer, so that nobody can fetch another buyer's order by guessing a key.
  const scope = enteredBy
    ? `staff:${enteredBy.actor.id ?? ''}`
    : user
      ? `user:${user.id}`
      : `guest:${normaliseEmail(email)}`
  const scopedKey = idempotencyKey ? `${scope}:${idempotencyKey}` : null

  if (scopedKey) {
    const existingId = await findOrderIdByIdempotencyKey(db, scopedKey)
    if (existingId) return replayedOrder(db, existingId)
  }
  const { lines, names } = mergeLines(body)
  const roles = user?.roles ?? []

  try {
    return await withRetry(() =>
      orderTransaction(db, enteredBy, async (client, audit): Promise<PlacedOrder> => {
        if (scopedKey) {
          await lockIdempotencyKey(client, scopedKey)
          const existingId = await findOrderIdByIdempotencyKey(client, scopedKey)
          if (existingId) return replayedOrder(client, existingId)
        }
        const ordersFromEmail = isLimited ? await assertEmailHourlyLimit(client, email, limitSettings) : 0
        const { products, options } = await loadCartItems(client, lines, { lock: true })
        const resolved = resolveCartLines(lines, products, options, roles)
        assertOrderable(resolved, names)
        const items = toOrderItems(resolved)
        const priced = items.map((item) => ({ unitPrice: item.unitPrice, quantity: item.quantity }))
        const goods = orderTotals(priced, 0)
        // docs/decisions.md, 'Product weights and shipping by weight': the server weighs the parcel.
        const weightKg = parcelWeight(items.map(({ line, quantity }) => ({ weightKg: lineUnitWeight(line), quantity })))
        const shipping = calculateShipping({
          settings,
          option: requestedOption ? preliminaryOption(settings, requestedOption)?.id : undefined,
          subtotal: goods.subtotal,
          itemCount: goods.itemCount,
          region: isPickup ? undefined : (address.state ?? ''),
          weightKg,
        })
        if (shipping.kind === 'unavailable')
          throw badRequest(text.shippingOptionUnavailable, 'SHIPPING_OPTION_UNAVAILABLE')
        // The default option can change with the cart's value; a delivery then needs the full address.
        if (isPickupOption(shipping.option) !== isPickup) {
          isPickup = isPickupOption(shipping.option)
          address = validateAddress(body, isPickup, isGuest)
        }
        const totals = orderTotals(priced, shipping.cost)
        // Staff see the server's own quote as they type; their order has no prices to compare.
        const loweredPrices = enteredBy ? null : assertPricesAsSeen(body, lines, resolved, totals)
        const limitedLines = items.map(({ line, quantity }) => ({
          name: line.product?.name ?? line.reference,
          quantity,
          unit: line.product?.unit,
          noLineLimit: line.product?.no_line_limit,
        }))
        assertWithinLimits(limitedLines, totals.total, sizeLimits)
        if (isLimited) {
          await assertBuyerDailyCaps(client, {
            lines: items.map(({ line, quantity }) => ({
              productId: line.product!.id,
              name: line.product!.name,
              quantity,
            })),
            settings: limitSettings,
            clientAddress,
            email,
            phone: address.phone_number,
          })
        }
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
          weightKg,
          source: enteredBy?.source ?? 'web',
        })
        // docs/decisions.md, 'Stock ledger': the stock moves after the order row exists, so that its rows name the order;
        // an order staff entered names who took the stock and from where ('Orders entered by staff').
        if (enteredBy) {
          const reason = format(text.staffOrderStockReason, {
            source: messages.staffOrders.sources[enteredBy.source],
            email,
          })
          await nameStockChange(client, enteredBy.actor, 'staff_order', reason)
        } else {
          await nameStockChange(client, buyerActor(user, email, clientAddress), 'order', orderReason('order', row.id))
        }
        const changes = stockChanges(items)
        const takenProducts = await takeProductStock(client, changes.products)
        const takenOptions = await takeOptionStock(client, changes.options)
        if (takenProducts !== changes.products.length || takenOptions !== changes.options.length) {
          // Unreachable while the rows are locked; kept so that a future change cannot oversell quietly.
          throw conflict(text.notEnoughStock, 'INSUFFICIENT_STOCK')
        }
        const itemRows = await insertOrderItems(client, row.id, items.map(toNewOrderItem))
        if (user && !enteredBy && !isPickup && (body as PlaceOrderBody).saveAddress !== false) {
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
        const orderPageToken = await issueOrderPageToken(client, order.id)
        const [customerMail, shopMail] = orderPlacedMails(order, { ...links, isPickup, isGuest, orderPageToken })
        // A counter sale may go without the customer's confirmation; the shop's copy always goes.
        if (!enteredBy || enteredBy.notifyCustomer) await enqueueMail(client, customerMail)
        await enqueueMail(client, shopMail)
        if (enteredBy) {
          await audit({
            action: 'order.staff_create',
            entity: 'order',
            entityId: order.id,
            before: null,
            after: {
              source: enteredBy.source,
              email,
              customerId: user?.id ?? null,
              total: order.total,
              notifyCustomer: enteredBy.notifyCustomer,
              lines: items.map(({ line, quantity, unitPrice }) => ({
                name: line.product?.name ?? line.reference,
                size: line.option?.size ?? null,
                quantity,
                price: unitPrice,
                ...(line.discountPercent
                  ? { discountPercent: line.discountPercent, discountReason: line.discountReason }
                  : {}),
              })),
            },
          })
        }
        return { order, isNew: true, loweredPrices, orderPageToken }
      }),
    )
  } catch (error) {
    // A double submit that slipped past the lock still cannot make a second order.
    if (scopedKey && isIdempotencyConflict(error)) {
      const existingId = await findOrderIdByIdempotencyKey(db, scopedKey)
      if (existingId) return replayedOrder(db, existingId)
    }
    throw error
  }
}

// ---- Orders entered by staff (docs/decisions.md, 'Orders entered by staff') ----

export type StaffOrderCommand = { body: StaffOrderBody; actor: Actor; now?: () => number }

/** The registered customer an order is for, as the order's owner; her roles decide her prices. */
async function customerOf(db: Queryable, customerEmail: string | null | undefined): Promise<AuthUser | null> {
  if (!customerEmail) return null
  const account = await findCustomerAccount(db, customerEmail)
  if (!account) throw badRequest(messages.staffOrders.customerNotFound, 'CUSTOMER_NOT_FOUND')
  const roles = account.roles as Role[]
  return { id: account.id, email: account.email, roles, role: roles.at(-1) ?? 'user' }
}

/**
 * POST /api/orders/staff: an order that came by phone, Viber, e-mail or to the counter, placed through
 * the checkout's own placeOrder (stock lock, oversell refusal, shipping rules, address validation, mails),
 * for a registered customer (her order, her prices, her history) or a guest.
 */
export async function placeStaffOrder(
  db: Database,
  links: ShopLinks,
  { body, actor, now }: StaffOrderCommand,
): Promise<StaffPlacedOrderView> {
  const user = await customerOf(db, body.customerEmail)
  const { order } = await placeOrder(db, links, {
    body,
    idempotencyKey: body.idempotencyKey ?? null,
    user,
    clientAddress: null,
    now,
    enteredBy: { actor, source: body.source, notifyCustomer: body.notifyCustomer },
  })
  const source = (await findOrderSources(db, [order.id])).get(order.id) ?? body.source
  return { ...order, suspicion: [], source, isCustomerNotified: body.notifyCustomer }
}

/** POST /api/orders/staff/quote: the cart quote for the customer the order is for (her prices, live stock). */
export async function quoteStaffOrder(
  db: Queryable,
  request: CartQuoteRequest & { customerEmail?: string | null | undefined },
): Promise<CartQuote> {
  return quoteCart(db, request, await customerOf(db, request.customerEmail))
}

const CUSTOMER_SEARCH_LIMIT = 10

/** GET /api/orders/staff/customers: the registered customers a new order may be for. */
export async function findStaffCustomers(db: Queryable, query: string): Promise<{ data: StaffCustomerView[] }> {
  return { data: await searchCustomers(db, query, CUSTOMER_SEARCH_LIMIT) }
}

type Audit = StaffTransaction['audit']

/**
 * The checkout's transaction; an order staff enter runs in staffWrite instead, so that its audit line
 * is written with it (STYLE §2).
 */
function orderTransaction<T>(
  db: Database,
  enteredBy: StaffEntry | undefined,
  work: (client: Queryable, audit: Audit) => Promise<T>,
): Promise<T> {
  if (enteredBy) return staffWrite(db, enteredBy.actor, 'staff-only', ({ client, audit }) => work(client, audit))
  return db.transaction((client) => work(client, () => Promise.reject(new Error('A shop order writes no audit line'))))
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
    discountPercent: line.discountPercent ?? null,
    discountReason: line.discountPercent ? (line.discountReason ?? null) : null,
    productId: product.id,
    optionId: line.option?.id ?? null,
    customId: line.option?.custom_id || product.custom_id,
    name: product.name,
    customSize: line.option?.size ?? null,
    quantity,
    price: unitPrice,
    unit: unitOf(product),
    weightKg: lineUnitWeight(line),
  }
}

async function existingOrder(db: Queryable, id: string): Promise<OrderView> {
  return found(await findOrder(db, id), orderNotFound)
}

/**
 * A double submit answers the first order, with a link token of its own: the raw token of the first
 * answer is not kept, and the confirmation page of the second answer needs one too.
 */
async function replayedOrder(db: Queryable, id: string): Promise<PlacedOrder> {
  const order = await existingOrder(db, id)
  return { order, isNew: false, orderPageToken: await issueOrderPageToken(db, id) }
}

function isOwnerOrStaff(order: OrderView, viewer: AuthUser | null): boolean {
  return viewer !== null && (isStaff(viewer.roles) || (order.userId !== null && order.userId === viewer.id))
}

/**
 * GET /api/orders/{id}: the UUID shows the order's lines, totals and status to whoever holds it (the
 * confirmation page, customer-side.md §4); the buyer's e-mail, name, phone and street only to the
 * order's owner and staff (docs/decisions.md, 'The private order page'). The account id stays out.
 */
export async function getOrderConfirmation(
  db: Queryable,
  id: string,
  viewer: AuthUser | null,
): Promise<OrderConfirmationView> {
  if (!isUuid(id)) throw orderNotFound()
  const order = await findOrder(db, id)
  if (!order) throw orderNotFound()
  const { userId: _userId, ...confirmation } = order
  if (isOwnerOrStaff(order, viewer)) return confirmation
  return { ...confirmation, email: null, shippingAddress: null }
}

// ---- The private order page (docs/decisions.md, 'The private order page') ----

/** A new link token for the order: stored as its hash, answered raw for one mail or one confirmation page. */
export async function issueOrderPageToken(client: Queryable, orderId: string): Promise<string> {
  const { token, tokenHash } = createOrderPageToken()
  await insertOrderPageToken(client, orderId, tokenHash)
  return token
}

/** A guessed, foreign-shaped or expired token answers exactly as a missing order does: 404, no data. */
async function findOrderIdByToken(db: Queryable, token: string): Promise<string> {
  const orderId = isOrderPageTokenShape(token) ? await findOrderIdByPageToken(db, hashOrderPageToken(token)) : undefined
  if (!orderId) throw orderNotFound()
  return orderId
}

async function toOrderPage(db: Queryable, order: OrderView): Promise<OrderPageView> {
  const { userId: _userId, ...rest } = order
  const timeline = orderTimeline(
    { status: order.status, createdAt: order.created_at, updatedAt: order.updated_at },
    await findStatusChanges(db, order.id),
  )
  return {
    ...rest,
    email: maskEmail(order.email),
    shippingAddress: {
      ...order.shippingAddress,
      email: maskEmail(order.shippingAddress.email),
      phone_number: maskPhone(order.shippingAddress.phone_number),
    },
    timeline,
    expectedDeliveryDate: order.status === 'shipped' ? expectedDeliveryDate(order.created_at).toISOString() : null,
    canCancel: canCustomerCancel(order.status),
  }
}

/** The order a token opens, while the order is younger than a year. */
async function orderOfToken(db: Queryable, token: string, now: number): Promise<OrderView> {
  const order = await findOrder(db, await findOrderIdByToken(db, token))
  if (!order || !isOrderPageLinkOpen(order.created_at, now)) throw orderNotFound()
  return order
}

/** The signed-in buyer's own order by id; anyone else's, like an id that is no UUID, does not exist (404). */
async function ownOrder(db: Queryable, user: AuthUser, id: string): Promise<OrderView> {
  const order = isUuid(id) ? await findOrder(db, id) : undefined
  if (!order || order.userId !== user.id) throw orderNotFound()
  return order
}

/** GET /api/order-status/{token}: the order page of whoever holds a link from the order's mails. */
export async function getOrderPageByToken(db: Queryable, token: string, now: number): Promise<OrderPageView> {
  return toOrderPage(db, await orderOfToken(db, token, now))
}

/**
 * GET /api/orders/{id}/page: the same page for a signed-in buyer from her history. Only the owner: for
 * anyone else the order does not exist (404), as for a wrong token.
 */
export async function getOwnOrderPage(db: Queryable, user: AuthUser, id: string): Promise<OrderPageView> {
  return toOrderPage(db, await ownOrder(db, user, id))
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

/** docs/decisions.md, 'Their own data': every order of an account, for the account's data export. */
export async function listAllOrdersOfAccount(db: Queryable, userId: string): Promise<OrderView[]> {
  return listOrdersOfUser(db, userId, { all: true })
}

/** docs/decisions.md, 'Their own data': in the deletion's transaction, the account's orders lose the buyer. */
export async function anonymiseOrdersOfAccount(client: Queryable, userId: string): Promise<number> {
  return anonymiseOrdersOfUser(client, userId)
}

/** docs/decisions.md, 'Stock ledger': the reasons an order's stock moves, each naming the order. */
type OrderStockReason = 'order' | 'reopened' | 'cancelled' | 'deleted' | 'undone'

function orderReason(reason: OrderStockReason, orderId: string): string {
  return format(messages.stockLedger.reasons[reason], { id: orderId })
}

/** The buyer as the ledger records an order: her account, or a guest's e-mail address. */
function buyerActor(user: AuthUser | null, email: string, clientAddress: string | null): Actor {
  return { id: user?.id ?? null, email, roles: user?.roles ?? [], ip: clientAddress }
}

/**
 * Gives an order's stock back (DECISIONS: an order gives its stock back when cancelled), locking
 * products and then options in id order like placeOrder. The caller owns the transaction and
 * makes sure the order was holding its stock (not already cancelled).
 */
export async function restoreOrderStock(
  client: Queryable,
  actor: Actor,
  orderId: string,
  reason: OrderStockReason = 'cancelled',
): Promise<void> {
  await nameStockChange(client, actor, 'cancel', orderReason(reason, orderId))
  const items = await findOrderStockItems(client, orderId)
  await giveStockBack(
    client,
    items.map((item) => ({ productId: item.product_id, optionId: item.option_id, quantity: item.quantity })),
  )
}

type StockLine = { productId: string | null; optionId: string | null; quantity: number }

/**
 * Puts the lines' quantities back on their options (a sized line) or products, summed per row, locking
 * products and then options in id order like every stock change (the caller has named the change).
 */
async function giveStockBack(client: Queryable, lines: readonly StockLine[]): Promise<void> {
  const products = new Map<string, number>()
  const options = new Map<string, number>()
  for (const line of lines) {
    if (line.optionId) options.set(line.optionId, (options.get(line.optionId) ?? 0) + line.quantity)
    else if (line.productId) products.set(line.productId, (products.get(line.productId) ?? 0) + line.quantity)
  }
  const lockedProducts = new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))
  await lockStockRows(client, [...lockedProducts], [...options.keys()])
  const toChanges = (map: Map<string, number>) => [...map].map(([id, quantity]) => ({ id, quantity }))
  await giveProductStockBack(client, toChanges(products))
  await giveOptionStockBack(client, toChanges(options))
}

/**
 * The buyer's cancel, by the history's button or the order page's: only while pending (customer-side.md §4),
 * the stock returns, the timeline records it, the audit log keeps who (an account, or a guest's address).
 */
async function cancelLockedOrder(
  client: Queryable,
  actor: Actor,
  audit: StaffTransaction['audit'],
  head: OrderHead,
): Promise<void> {
  if (!canCustomerCancel(head.status)) throw conflict(text.cancelNotPending, 'ORDER_NOT_CANCELLABLE')
  await restoreOrderStock(client, actor, head.id)
  await setOrderStatus(client, head.id, 'cancelled')
  await insertStatusChange(client, head.id, 'cancelled')
  await audit({
    action: 'order.cancel',
    entity: 'order',
    entityId: head.id,
    before: { status: head.status },
    after: { status: 'cancelled' },
  })
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
      await cancelLockedOrder(client, actor, audit, head)
      return existingOrder(client, id)
    }),
  )
  return { message: text.cancelled, order }
}

/**
 * POST /api/order-status/{token}/cancel: whoever holds the order's link (a guest too) cancels it while
 * it is pending, as the owner can from her history.
 */
export async function cancelOrderByToken(
  db: Database,
  actor: Actor,
  token: string,
  now: number,
): Promise<{ message: string; order: OrderPageView }> {
  const { id, email } = await orderOfToken(db, token, now)
  // The holder of the mailed link is the buyer: the audit line and the stock ledger name her e-mail.
  const buyer: Actor = { ...actor, email: actor.email ?? email }
  const order = await withRetry(() =>
    staffWrite(db, buyer, 'staff-only', async ({ client, audit }) => {
      const head = await findOrderHeadForUpdate(client, id)
      if (!head) throw orderNotFound()
      await cancelLockedOrder(client, buyer, audit, head)
      return toOrderPage(client, await existingOrder(client, id))
    }),
  )
  return { message: text.cancelled, order }
}

// ---- For complaints and returns (modules/returns, docs/decisions.md ('Complaints and returns')) ----

export type ReturnableItem = {
  itemId: string
  productId: string | null
  optionId: string | null
  name: string
  size: string | null
  quantity: number
}

/** An order as complaints see it: its lines with their ids, and when it was delivered (null before). */
export type ReturnableOrder = { order: OrderView; deliveredAt: string | null; items: ReturnableItem[] }

/**
 * An order counts as delivered once it is 'completed' (delivered by the courier or collected in the shop,
 * staff-and-content.md §4): at its latest change into 'completed', or at its last update for an order from
 * before the status history was recorded.
 */
async function toReturnableOrder(db: Queryable, order: OrderView): Promise<ReturnableOrder> {
  let deliveredAt: string | null = null
  if (order.status === 'completed') {
    const completed = (await findStatusChanges(db, order.id)).filter((change) => change.status === 'completed')
    deliveredAt = completed[completed.length - 1]?.at ?? order.updated_at
  }
  const items = (await findReturnableItems(db, order.id)).map((row) => ({
    itemId: row.id,
    productId: row.product_id,
    optionId: row.option_id,
    name: row.name,
    size: row.custom_size,
    quantity: row.quantity,
  }))
  return { order, deliveredAt, items }
}

/** The order of a page link (404 ORDER_NOT_FOUND as GET /api/order-status/{token} answers). */
export async function findReturnableOrderByToken(db: Queryable, token: string, now: number): Promise<ReturnableOrder> {
  return toReturnableOrder(db, await orderOfToken(db, token, now))
}

/** The signed-in owner's order by id; anyone else's answers 404 as GET /api/orders/{id}/page does. */
export async function findReturnableOwnOrder(db: Queryable, user: AuthUser, id: string): Promise<ReturnableOrder> {
  return toReturnableOrder(db, await ownOrder(db, user, id))
}

/** Any order by id, for staff handling its complaints. */
export async function findReturnableOrder(db: Queryable, id: string): Promise<ReturnableOrder> {
  return toReturnableOrder(db, await existingOrder(db, id))
}

/**
 * Puts returned goods back on the shelf in the caller's transaction, named 'return' in the stock ledger
 * (docs/decisions.md, 'Stock ledger'), locking products and then options in id order like every stock
 * change. A line whose product or option is gone, or whose stock is infinite, moves nothing.
 */
export async function putReturnedStockBack(
  client: Queryable,
  actor: Actor,
  lines: readonly StockLine[],
  reason: string,
): Promise<void> {
  await nameStockChange(client, actor, 'return', reason)
  await giveStockBack(client, lines)
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
  pricedByWeight: z.boolean().nullish().catch(null),
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
  // A broken table is read as none: the specification's table prices (rules/shipping.ts parcelPriceBands).
  parcelPriceBands: z
    .array(z.object({ upToKg: z.number().positive(), price: money }))
    .nullish()
    .catch(null),
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
  weightKg?: number | null,
): ShippingOptionView {
  return {
    id: option.id,
    name: option.name,
    description: option.description ?? '',
    basePrice: roundMoney(option.basePrice),
    cost: shippingOptionCost(settings, option, subtotal, weightKg),
    isPickup: isPickupOption(option),
    appliesFreeShipping: appliesFreeShipping(option),
    pricedByWeight: option.pricedByWeight === true,
  }
}

/** The weight of one piece of a cart line: the option's own, else the product's (null: not known). */
function lineUnitWeight(line: Pick<ResolvedLine, 'product' | 'option'>): number | null {
  return unitWeight(line.product?.weight_kg ?? null, line.option?.weight_kg ?? null)
}

// ---------------------------------------------------------------------------------------------
// Cart lines against the catalogue.

export type CartLineRequest = {
  reference: string
  size: string | null
  quantity: number
  /** A staff discount on the line (docs/decisions.md, 'Orders entered by staff'). */
  discountPercent?: number
  discountReason?: string | null
}

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
      return text.notEnoughStock
    // docs/decisions.md, Cart and orders (web): a line with no stock at all says what the store says of it.
    case 'out_of_stock':
      return text.outOfStock
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
  // A sold-out line cannot be ordered, so the summary leaves it out (docs/decisions.md, Cart and orders (web)).
  const isCounted = (line: ResolvedLine) => line.price !== null && line.status !== 'out_of_stock'
  const priced = resolved.filter(isCounted)
  // A staff discount (docs/decisions.md, 'Orders entered by staff') counts as the order will count it.
  const unitPriceOf = (line: ResolvedLine) => discountedUnitPrice(line.price?.unitPrice ?? 0, line.discountPercent)
  const totals = orderTotals(
    priced.map((line) => ({ unitPrice: unitPriceOf(line), quantity: line.quantity })),
    0,
  )
  const region = request.region || undefined
  // docs/decisions.md, 'Product weights and shipping by weight': null when a counted line has no weight.
  const weightKg = parcelWeight(priced.map((line) => ({ weightKg: lineUnitWeight(line), quantity: line.quantity })))
  const context = { settings, subtotal: totals.subtotal, itemCount: totals.itemCount, region, weightKg }
  const requested = request.shippingOptionId
    ? calculateShipping({ ...context, option: request.shippingOptionId })
    : null
  const shipping = requested && requested.kind !== 'unavailable' ? requested : calculateShipping(context)
  const offered = settings ? availableShippingOptions(settings, { subtotal: totals.subtotal, region, weightKg }) : []
  const isTooHeavy = settings !== null && isParcelTooHeavy(settings, weightKg)
  const shippingCost = roundMoney(shipping.cost)

  return {
    lines: resolved.map((line) => ({
      productId: line.reference,
      id: line.product?.id ?? null,
      customId: line.option?.custom_id || line.product?.custom_id || null,
      productCustomId: line.product?.custom_id ?? null,
      name: line.product?.name ?? null,
      image: line.product?.image ?? null,
      size: line.size,
      quantity: line.quantity,
      price: line.price?.unitPrice ?? null,
      regularPrice: line.price?.regularPrice ?? null,
      lineTotal:
        line.price && isCounted(line) ? lineTotal({ unitPrice: unitPriceOf(line), quantity: line.quantity }) : 0,
      isWholesalePrice: line.price?.isWholesalePrice ?? false,
      availableStock: line.availableStock,
      isAvailable: line.price !== null && line.availableStock !== 0,
      hasEnoughStock: line.status === 'ok',
      status: line.status,
      message: lineMessage(line),
      unit: line.product?.unit ?? DEFAULT_UNIT,
      noLineLimit: line.product?.no_line_limit ?? false,
    })),
    shippingOptions: settings
      ? offered.map((option) => toShippingOptionView(settings, option, totals.subtotal, weightKg))
      : [],
    shippingOption:
      settings && shipping.option ? toShippingOptionView(settings, shipping.option, totals.subtotal, weightKg) : null,
    weightKg,
    parcelNotice:
      settings && isTooHeavy && weightKg !== null
        ? format(text.parcelTooHeavy, {
            weight: formatWeightKg(weightKg),
            max: maxPublishedParcelKg(parcelPriceBands(settings)),
          })
        : settings && weightKg === null && (settings.options ?? []).some((o) => o.pricedByWeight && isActiveOption(o))
          ? text.parcelWeightUnknown
          : null,
    isRequestedShippingAvailable: requested === null || requested.kind !== 'unavailable',
    shippingCost,
    freeShippingThreshold: settings ? freeShippingThreshold(settings) : DEFAULT_SHIPPING_SETTINGS.freeShippingThreshold,
    itemCount: totals.itemCount,
    subtotal: totals.subtotal,
    total: roundMoney(totals.subtotal + shippingCost),
    canCheckout: resolved.length > 0 && resolved.every((line) => line.status === 'ok'),
  }
}

// ---------------------------------------------------------------------------------------------
// POST /api/cart/quick-order (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order')

const quickText = messages.reorder

function quickOrderStatus(line: ResolvedLine | undefined): QuickOrderStatus {
  switch (line?.status) {
    case 'ok':
    case 'insufficient_stock':
    case 'out_of_stock':
    case 'size_required':
      return line.status
    default:
      return 'unknown_code'
  }
}

function quickOrderMessage(status: QuickOrderStatus, code: string, quantity: number, available: number | null) {
  switch (status) {
    case 'ok':
      return null
    case 'unknown_code':
      return format(quickText.unknownCode, { code })
    case 'insufficient_stock':
      return format(quickText.shortage, { quantity, available: available ?? 0 })
    case 'out_of_stock':
      return quickText.soldOut
    case 'size_required':
      return format(quickText.sizeRequired, { code })
  }
}

/**
 * The pasted list of codes and quantities, each code matched to a product or option and priced and
 * checked for this caller as the cart quote is; nothing is stored (the cart lives in the browser).
 */
export async function quoteQuickOrder(db: Queryable, input: string, user: AuthUser | null): Promise<QuickOrderView> {
  const parsed = parseQuickOrder(input)
  if (!parsed.ok) throw badRequest(parsed.message)
  const found = await findQuickOrderCodes(db, [...new Set(parsed.lines.map((line) => line.code.toLowerCase()))])
  const targetOf = (code: string) => found.find((row) => row.code === code.toLowerCase())
  const requests = parsed.lines.flatMap((line): CartLineRequest[] => {
    const target = targetOf(line.code)
    return target ? [{ reference: target.product_code, size: target.size, quantity: line.quantity }] : []
  })
  const { products, options } = await loadCartItems(db, requests, { lock: false })
  const resolved = resolveCartLines(requests, products, options, user?.roles ?? [])
  let index = 0
  const lines = parsed.lines.map((line): QuickOrderLineView => {
    const resolvedLine = targetOf(line.code) ? resolved[index++] : undefined
    const status = quickOrderStatus(resolvedLine)
    const product = resolvedLine?.product
    return {
      lineNumbers: line.lineNumbers,
      code: line.code,
      quantity: line.quantity,
      status,
      message: quickOrderMessage(status, line.code, line.quantity, resolvedLine?.availableStock ?? null),
      product:
        product && resolvedLine.price && status !== 'unknown_code'
          ? {
              productId: product.custom_id,
              name: product.name,
              image: product.image ?? '',
              size: resolvedLine.size,
              price: resolvedLine.price.unitPrice,
              isWholesalePrice: resolvedLine.price.isWholesalePrice,
              availableStock: resolvedLine.availableStock,
              unit: product.unit ?? DEFAULT_UNIT,
            }
          : null,
    }
  })
  const okCount = lines.filter((line) => line.status === 'ok').length
  return { lines, errors: parsed.errors, okCount, problemCount: lines.length - okCount + parsed.errors.length }
}

// ---- Order admin (staff) ----
const staffText = messages.admin.orders

export type OrderListQuery = {
  search?: string
  status?: OrderStatus
  suspicious?: 'true' | 'false'
  source?: OrderSource
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
    source: query.source,
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  const [orders, reasons, sources] = await Promise.all([
    findOrdersByIds(db, ids),
    findSuspicionReasons(db, ids),
    findOrderSources(db, ids),
  ])
  return {
    data: orders.map((order) => ({
      ...order,
      suspicion: reasons.get(order.id) ?? [],
      source: sources.get(order.id) ?? 'web',
    })),
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
async function retakeOrderStock(
  client: Queryable,
  actor: Actor,
  orderId: string,
  reason: OrderStockReason,
): Promise<void> {
  await nameStockChange(client, actor, 'order', orderReason(reason, orderId))
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
async function moveStockForStatus(
  client: Queryable,
  actor: Actor,
  id: string,
  from: string,
  to: OrderStatus,
  isUndo = false,
): Promise<void> {
  if (to === 'cancelled') await restoreOrderStock(client, actor, id, isUndo ? 'undone' : 'cancelled')
  else if (from === 'cancelled') await retakeOrderStock(client, actor, id, isUndo ? 'undone' : 'reopened')
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
  return (await changeStatusOfOne(db, links, actor, id, status)).order
}

/** One order's status change in its own transaction; `isChanged` is false when it already had the status. */
async function changeStatusOfOne(
  db: Database,
  links: ShopLinks,
  actor: Actor,
  id: string,
  status: OrderStatus,
): Promise<{ order: OrderView; isChanged: boolean }> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const head = await lockOrder(client, id)
    let documentNumber: string | null = null
    if (head.status !== status) {
      await moveStockForStatus(client, actor, id, head.status, status)
      await setOrderStatus(client, id, status)
      await insertStatusChange(client, id, status)
      documentNumber = await issueDocumentNumber(client, head, status)
    }
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    if (head.status !== status) {
      const orderPageToken = await issueOrderPageToken(client, id)
      const heldMailId = await insertHeldMail(client, orderStatusMail(order, links, orderPageToken))
      await audit({
        action: 'order.status',
        entity: 'order',
        entityId: id,
        before: { status: head.status },
        after: { status, heldMailId, ...(documentNumber ? { documentNumber } : {}) },
      })
    }
    return { order, isChanged: head.status !== status }
  })
}

/**
 * POST /api/orders/status (docs/decisions.md, 'Orders admin as a working list'): the selected orders
 * one after another, each through the single change's path in a transaction of its own, so one
 * refusal (an order gone, a cancelled order whose stock is gone) rolls back that order alone and the
 * others go on. The answer says per order, in the order of ids, what happened and why; an id twice
 * counts once. An error that is not a refusal (the database gone) still ends the request.
 */
export async function changeOrderStatuses(
  db: Database,
  links: ShopLinks,
  actor: Actor,
  ids: readonly string[],
  status: OrderStatus,
): Promise<OrderBulkStatusView> {
  const bulkText = messages.orderList
  const label = adminStatusLabel(status)
  const results: OrderBulkStatusResult[] = []
  for (const id of new Set(ids)) {
    try {
      const { order, isChanged } = await changeStatusOfOne(db, links, actor, id, status)
      results.push({
        id,
        outcome: isChanged ? 'changed' : 'unchanged',
        status: order.status,
        documentNumber: order.documentNumber,
        message: format(isChanged ? bulkText.resultChanged : bulkText.resultUnchanged, { status: label }),
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const head = isUuid(id) ? await findOrderHead(db, id) : undefined
      results.push({
        id,
        outcome: 'refused',
        status: head?.status ?? null,
        documentNumber: head?.document_number ?? null,
        message: error.message,
        code: error.code,
      })
    }
  }
  const count = (outcome: OrderBulkStatusResult['outcome']) =>
    results.filter((result) => result.outcome === outcome).length
  return { results, changed: count('changed'), unchanged: count('unchanged'), refused: count('refused') }
}

/**
 * docs/decisions.md, 'Invoices and packing slips': the order's first move out of 'pending' into a
 * status other than 'cancelled' gives it the next number of the year, in this transaction; a number
 * once given stays with the order (an undo back to 'pending', a cancel). Answers the number given, or null.
 */
async function issueDocumentNumber(client: Queryable, head: OrderHead, status: OrderStatus): Promise<string | null> {
  if (head.document_number !== null || status === 'pending' || status === 'cancelled') return null
  const { vatRate } = await findTaxFacts(client)
  const { year, sequence } = await takeDocumentNumber(client)
  const documentNumber = formatDocumentNumber(year, sequence)
  await setDocumentNumber(client, head.id, documentNumber, vatRate)
  return documentNumber
}

/**
 * PUT /api/orders/{id}/fiscal-receipt: the number of the fiscal receipt staff printed for the order,
 * shown on its invoice; '' clears it. Audited with the value before.
 */
export async function updateFiscalReceiptNumber(
  db: Database,
  actor: Actor,
  id: string,
  fiscalReceiptNumber: string,
): Promise<OrderView> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    await lockOrder(client, id)
    const before = await existingOrder(client, id)
    if (before.fiscalReceiptNumber !== fiscalReceiptNumber) {
      await setFiscalReceiptNumber(client, id, fiscalReceiptNumber)
      await audit({
        action: 'order.fiscal_receipt',
        entity: 'order',
        entityId: id,
        before: { fiscalReceiptNumber: before.fiscalReceiptNumber },
        after: { fiscalReceiptNumber },
      })
    }
    return existingOrder(client, id)
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
    await moveStockForStatus(client, actor, id, head.status, last.before, true)
    await setOrderStatus(client, id, last.before)
    await deleteLastStatusChange(client, id)
    await audit({
      action: 'order.status_undo',
      entity: 'order',
      entityId: id,
      before: { status: head.status },
      after: { status: last.before, withdrawnMailId: last.heldMailId },
    })
    return found(await findOrder(client, id), orderNotFound)
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
    const source = (await findOrderSources(client, [id])).get(id) ?? 'web'
    return { ...order, suspicion: [], source }
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
    // An issued number must not leave a gap in the year's sequence: such an order is cancelled, not deleted.
    if (head.document_number !== null) {
      throw conflict(
        format(messages.documents.orderHasDocument, { number: head.document_number }),
        'ORDER_HAS_DOCUMENT',
      )
    }
    const before = await findOrder(client, id)
    const stockReturned = HOLDS_SHELF_STOCK.has(head.status)
    if (stockReturned) await restoreOrderStock(client, actor, id, 'deleted')
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
export async function getOrderLimitSettings(
  db: Database,
  config: Config,
): Promise<OrderLimitSettingsView & { version: number }> {
  // docs/decisions.md ('Edits that never overwrite each other'): the version the staff form sends back.
  return {
    ...toView(await findOrderLimitSettings(db), config),
    version: await findVersion(db, 'settings', ORDER_LIMITS_KEY),
  }
}

/**
 * PUT /api/settings/order-limits (staff): the whole object replaces the stored one and applies to
 * the next order in every API process (each order reads it). One audit line with before and after.
 */
export async function updateOrderLimitSettings(
  db: Database,
  config: Config,
  actor: Actor,
  { version, ...input }: OrderLimitSettings & { version: number },
): Promise<OrderLimitSettingsView & { version: number }> {
  await staffWrite(db, actor, 'staff-only', async ({ client, auditSettings, claimVersion }) => {
    const before = await lockOrderLimitSettings(client)
    await claimVersion({ record: 'settings', id: ORDER_LIMITS_KEY, version, mayBeMissing: true })
    await saveOrderLimitSettings(client, input)
    await auditSettings(ORDER_LIMITS_KEY, before, input)
  })
  return getOrderLimitSettings(db, config)
}
