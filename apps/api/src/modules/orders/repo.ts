import { documentNumberOf } from '@shop/shared/rules/document-number.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import type { OrderSource } from '@shop/shared/rules/order-source.ts'
import { ORDER_STATUSES } from '@shop/shared/rules/order-status.ts'
import { escapeLikePattern } from '@shop/shared/rules/search.ts'
import type { OrderSort } from '@shop/shared/schemas/admin-orders.ts'
import { toOrderLimitSettings } from '@shop/shared/schemas/order-limits.ts'
import type { OrderLineView, OrderView, ShippingAddressView } from '@shop/shared/schemas/orders.ts'
import { unitOf, type Unit } from '@shop/shared/rules/units.ts'
import type { StaffCustomerView } from '@shop/shared/schemas/staff-orders.ts'
import { noteStockChange } from '../../platform/stock-changes.ts'
import type { Queryable } from '../../platform/db.ts'
import { findSettingsDocument, saveSettingsDocument } from '../../platform/settings-documents.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'
import { columnArrays, queryRows } from '../../platform/mapped-rows.ts'
import type { ProductOptionRow } from '../../platform/product-option-row.ts'

// ---- Checkout and order history ----
export type StockChange = { id: string; quantity: number }

// Stock moves by a relative update under the row lock the caller already holds: never a value
// computed in JavaScript and written back (STYLE §2: Vendure's read-then-write race). Every move
// names its products to the catalogue caches (docs/decisions.md, 'Several processes'), which drop their answers after
// the commit.

/** A moved row: its product, and its stock before and after (for 'sold out' or 'back in stock'). */
type MovedStock = { product_id: string; before: number; after: number }

async function noteMoved(client: Queryable, rows: readonly MovedStock[]): Promise<void> {
  const soldOutChanged = rows.some((row) => row.before > 0 !== row.after > 0)
  await noteStockChange(
    client,
    rows.map((row) => row.product_id),
    soldOutChanged,
  )
}

/** Takes stock from finite products; answers how many rows had enough and were changed. */
export async function takeProductStock(client: Queryable, changes: readonly StockChange[]): Promise<number> {
  if (changes.length === 0) return 0
  const { rows } = await client.query<MovedStock>(
    `update products p set stock = p.stock - d.quantity
       from unnest($1::uuid[], $2::int[]) as d(id, quantity)
      where p.id = d.id and not p.infinite_stock and p.stock >= d.quantity
      returning p.id as product_id, p.stock + d.quantity as before, p.stock as after`,
    columnArrays(changes, ['id', 'quantity']),
  )
  await noteMoved(client, rows)
  return rows.length
}

export async function takeOptionStock(client: Queryable, changes: readonly StockChange[]): Promise<number> {
  if (changes.length === 0) return 0
  const { rows } = await client.query<MovedStock>(
    `update product_options o set stock = o.stock - d.quantity
       from unnest($1::uuid[], $2::int[]) as d(id, quantity)
      where o.id = d.id and not o.infinite and o.stock >= d.quantity
      returning o.product_id, o.stock + d.quantity as before, o.stock as after`,
    columnArrays(changes, ['id', 'quantity']),
  )
  await noteMoved(client, rows)
  return rows.length
}

/** Gives stock back to finite products without sizes (a sized product's stock lives in its options). */
export async function giveProductStockBack(client: Queryable, changes: readonly StockChange[]): Promise<void> {
  if (changes.length === 0) return
  const { rows } = await client.query<MovedStock>(
    `update products p set stock = p.stock + d.quantity
       from unnest($1::uuid[], $2::int[]) as d(id, quantity)
      where p.id = d.id and not p.infinite_stock and not p.has_sizes
      returning p.id as product_id, p.stock - d.quantity as before, p.stock as after`,
    columnArrays(changes, ['id', 'quantity']),
  )
  await noteMoved(client, rows)
}

export async function giveOptionStockBack(client: Queryable, changes: readonly StockChange[]): Promise<void> {
  if (changes.length === 0) return
  const { rows } = await client.query<MovedStock>(
    `update product_options o set stock = o.stock + d.quantity
       from unnest($1::uuid[], $2::int[]) as d(id, quantity)
      where o.id = d.id and not o.infinite
      returning o.product_id, o.stock - d.quantity as before, o.stock as after`,
    columnArrays(changes, ['id', 'quantity']),
  )
  await noteMoved(client, rows)
}

/** Locks products, then options, each in id order: the order every stock change uses. */
export async function lockStockRows(
  client: Queryable,
  productIds: readonly string[],
  optionIds: readonly string[],
): Promise<void> {
  if (productIds.length > 0) {
    await client.query('select id from products where id = any($1::uuid[]) order by id for update', [productIds])
  }
  if (optionIds.length > 0) {
    await client.query('select id from product_options where id = any($1::uuid[]) order by id for update', [optionIds])
  }
}

export type OrderStockItem = { product_id: string | null; option_id: string | null; quantity: number }

export async function findOrderStockItems(client: Queryable, orderId: string): Promise<OrderStockItem[]> {
  return queryRows<OrderStockItem>(
    client,
    'select product_id, option_id, quantity from order_items where order_id = $1',
    [orderId],
  )
}

/**
 * Serialises the orders of one idempotency key for the rest of the transaction, so that a double
 * submit waits for the first and then finds its order instead of racing it for the stock.
 */
export async function lockIdempotencyKey(client: Queryable, key: string): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`order:${key}`])
}

export async function findOrderIdByIdempotencyKey(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('select id from orders where idempotency_key = $1', [key])
  return rows[0]?.id
}

export type NewOrder = {
  userId: string | null
  email: string
  total: number
  shippingCost: number
  shippingMethod: { id: string | null; name: string; basePrice: number; description: string } | null
  shippingAddress: ShippingAddressView
  idempotencyKey: string | null
  /** The client's network address (docs/decisions.md, 'Order limits and suspicious orders'); null when unknown. */
  clientAddress: string | null
  /** Why staff should look at the order; empty for an ordinary one. */
  suspicionReasons: readonly string[]
  /** docs/decisions.md, 'Product weights and shipping by weight': null when a line's weight is not known. */
  weightKg: number | null
  /** Where the order came from (docs/decisions.md, Orders entered by staff); the checkout's is 'web'. */
  source?: OrderSource
}

export type NewOrderItem = {
  productId: string
  optionId: string | null
  customId: string | null
  name: string
  customSize: string | null
  quantity: number
  price: number
  /** The unit the line is sold in, kept with the order (docs/decisions.md, 'Units of measure and lines without a limit'). */
  unit: Unit
  weightKg: number | null
  /** A staff discount (whole percent) and its reason; price is already after it. */
  discountPercent?: number | null
  discountReason?: string | null
}

/** Inserts a pending order; answers its row, which toOrderView maps without reading it again. */
export async function insertOrder(client: Queryable, order: NewOrder): Promise<OrderRow> {
  const { rows } = await client.query<OrderRow>(
    `insert into orders (user_id, email, status, total, shipping_cost, shipping_method, shipping_address, idempotency_key,
                         client_address, suspicion_reasons, weight_kg, source)
     values ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9::text[], $10, $11)
     returning ${ORDER_COLUMNS}`,
    [
      order.userId,
      order.email,
      order.total,
      order.shippingCost,
      order.shippingMethod === null ? null : JSON.stringify(order.shippingMethod),
      JSON.stringify(order.shippingAddress),
      order.idempotencyKey,
      order.clientAddress,
      order.suspicionReasons,
      order.weightKg,
      order.source ?? 'web',
    ],
  )
  return rows[0]!
}

// ---------------------------------------------------------------------------------------------
// Limits on one order and one client, and what marks an order as suspicious
// (docs/decisions.md, 'Order limits and suspicious orders').

export const ORDER_LIMITS_KEY = 'order_limits'

/** The staff's limits; each missing or broken field is its default. */
export async function findOrderLimitSettings(db: Queryable): Promise<OrderLimitSettings> {
  return toOrderLimitSettings(await findSettingsDocument(db, ORDER_LIMITS_KEY))
}

/** Serialises the orders of one e-mail for the rest of the transaction, so that the hourly count holds. */
export async function lockOrderEmail(client: Queryable, email: string): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`order-email:${email.toLowerCase()}`])
}

export async function countRecentOrdersByEmail(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from orders where email = $1::citext and created_at > now() - interval '1 hour'`,
    [email],
  )
  return rows[0]?.count ?? 0
}

// ---- The daily cap per buyer (docs/decisions.md, 'Order limits and suspicious orders') ----

/**
 * Serialises the orders of one buyer for the rest of the transaction: one lock per identifier (address,
 * e-mail, phone), taken in a fixed order, so that two orders sharing any of them run one after the other
 * and the second counts the first (two API processes included).
 */
export async function lockBuyerIdentifiers(client: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of [...keys].sort()) {
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`order-buyer:${key}`])
  }
}

/** The staff's own daily caps of these products; a product without one is left out. */
export async function findProductDailyCaps(db: Queryable, productIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; cap: number }>(
    `select id, max_per_buyer_per_day as cap from products
      where id = any($1::uuid[]) and max_per_buyer_per_day is not null`,
    [productIds],
  )
  return new Map(rows.map((row) => [row.id, row.cap]))
}

// rules/buyer-daily-cap.ts normalisePhone, in SQL: digits only, without 00, 387 and leading zeros.
const STORED_PHONE_SQL = `regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    o.shipping_address->>'phone_number', '\\D', '', 'g'), '^00', ''), '^387', ''), '^0+', '')`

/**
 * Pieces of each product in today's orders (calendar day in Europe/Sarajevo, by the database's clock)
 * that share the address, the e-mail or the phone; cancelled orders are not counted.
 */
export async function countBuyerPiecesToday(
  db: Queryable,
  productIds: readonly string[],
  buyer: { address: string | null; email: string | null; phone: string | null },
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ product_id: string; quantity: number }>(
    `select i.product_id, sum(i.quantity)::int as quantity
       from orders o
       join order_items i on i.order_id = o.id
      where o.created_at >= (date_trunc('day', now() at time zone 'Europe/Sarajevo') at time zone 'Europe/Sarajevo')
        and o.status <> 'cancelled'
        and i.product_id = any($1::uuid[])
        and (o.client_address = $2 or o.email = $3::citext or ($4::text is not null and ${STORED_PHONE_SQL} = $4))
      group by i.product_id`,
    [productIds, buyer.address, buyer.email, buyer.phone],
  )
  return new Map(rows.map((row) => [row.product_id, row.quantity]))
}

/** Counted up to 1,000: enough to tell staff, and bounded when one address (a proxy, a benchmark) orders a lot. */
export async function countRecentOrdersByAddress(db: Queryable, address: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from (
       select 1 from orders where client_address = $1 and created_at > now() - interval '1 hour' limit 1000) as recent`,
    [address],
  )
  return rows[0]?.count ?? 0
}

/** The average total of the orders of the last 90 days that were not cancelled, and how many there were. */
export async function findRecentAverageTotal(db: Queryable): Promise<{ average: number | null; count: number }> {
  const { rows } = await db.query<{ average: string | number | null; count: number }>(
    `select avg(total) as average, count(*)::int as count from orders
      where created_at > now() - interval '90 days' and status <> 'cancelled'`,
  )
  const row = rows[0]
  return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 }
}

export async function insertOrderItems(
  client: Queryable,
  orderId: string,
  items: readonly NewOrderItem[],
): Promise<ItemRow[]> {
  const { rows } = await client.query<ItemRow & { position: number }>(
    `insert into order_items (order_id, position, product_id, option_id, custom_id, name, custom_size, quantity, price,
                              unit, weight_kg, discount_percent, discount_reason)
     select $1, d.position, d.product_id, d.option_id, d.custom_id, d.name, d.custom_size, d.quantity, d.price, d.unit,
            d.weight_kg, d.discount_percent, d.discount_reason
       from unnest($2::int[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::int[], $9::numeric[],
                   $10::text[], $11::numeric[], $12::int[], $13::text[])
         as d(position, product_id, option_id, custom_id, name, custom_size, quantity, price, unit, weight_kg,
              discount_percent, discount_reason)
     returning order_id, position, product_id, custom_id, name, custom_size, quantity, price, unit, weight_kg,
               discount_percent, discount_reason`,
    [
      orderId,
      items.map((_, index) => index),
      ...columnArrays(items, [
        'productId',
        'optionId',
        'customId',
        'name',
        'customSize',
        'quantity',
        'price',
        'unit',
        'weightKg',
        'discountPercent',
        'discountReason',
      ]),
    ],
  )
  return rows.sort((first, second) => first.position - second.position)
}

export type ProfileAddress = {
  fullName: string
  phoneNumber: string
  streetAddress: string
  city: string
  state: string
  /** null keeps the stored value (the profile accepts only 5 digits). */
  zipCode: string | null
}

/** Saves a customer's delivery address to the profile; a name already there is kept. */
export async function saveProfileAddress(client: Queryable, userId: string, address: ProfileAddress): Promise<void> {
  await client.query(
    `insert into profiles (user_id, full_name, phone_number, street_address, city, state, zip_code)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id) do update set
       full_name = case when profiles.full_name = '' then excluded.full_name else profiles.full_name end,
       phone_number = excluded.phone_number,
       street_address = excluded.street_address,
       city = excluded.city,
       state = excluded.state,
       zip_code = coalesce(excluded.zip_code, profiles.zip_code),
       updated_at = now()`,
    [
      userId,
      address.fullName,
      address.phoneNumber,
      address.streetAddress,
      address.city,
      address.state,
      address.zipCode,
    ],
  )
}

// ---------------------------------------------------------------------------------------------
// Reading orders, mapped once to the specification's field names.

export type OrderRow = {
  id: string
  user_id: string | null
  email: string
  status: string
  total: number
  shipping_cost: number
  shipping_method: Record<string, unknown> | null
  shipping_address: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  document_number: string | null
  fiscal_receipt_number: string
  tracking_number: string
  tracking_url: string
  paid_at: string | null
  weight_kg: number | null
}

export type ItemRow = {
  order_id: string
  product_id: string | null
  custom_id: string | null
  name: string
  custom_size: string | null
  quantity: number
  price: number
  unit: string
  weight_kg: number | null
  discount_percent: number | null
  discount_reason: string | null
}

const ORDER_COLUMNS = `id, user_id, email, status, total, shipping_cost, shipping_method, shipping_address, created_at, updated_at,
  document_number, fiscal_receipt_number, tracking_number, tracking_url, to_char(paid_at, 'YYYY-MM-DD') as paid_at, weight_kg`

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''

export function toOrderView(row: OrderRow, items: readonly ItemRow[]): OrderView {
  const address = row.shipping_address ?? {}
  const method = row.shipping_method
  const lines: OrderLineView[] = items.map((item) => ({
    product_id: item.product_id,
    customId: item.custom_id,
    name: item.name,
    quantity: item.quantity,
    price: item.price,
    custom_size: item.custom_size,
    unit: unitOf(item),
    weightKg: item.weight_kg,
    ...(item.discount_percent
      ? { discountPercent: item.discount_percent, discountReason: item.discount_reason ?? '' }
      : {}),
  }))
  const createdAt = row.created_at.toISOString()
  return {
    id: row.id,
    _id: row.id,
    userId: row.user_id,
    email: row.email,
    status: row.status,
    total: row.total,
    totalAmount: row.total,
    subtotal: roundMoney(row.total - row.shipping_cost),
    shippingCost: row.shipping_cost,
    created_at: createdAt,
    createdAt,
    updated_at: row.updated_at.toISOString(),
    products: lines,
    items: lines,
    shippingAddress: {
      full_name: textOf(address.full_name),
      phone_number: textOf(address.phone_number),
      street_address: textOf(address.street_address),
      city: textOf(address.city),
      state: textOf(address.state),
      zip_code: textOf(address.zip_code),
      country: textOf(address.country),
      email: textOf(address.email) || row.email,
    },
    shippingMethod: method
      ? {
          id: method.id == null ? null : textOf(method.id),
          name: textOf(method.name),
          basePrice: typeof method.basePrice === 'number' ? method.basePrice : Number(method.basePrice ?? 0) || 0,
          description: textOf(method.description),
        }
      : null,
    documentNumber: row.document_number,
    fiscalReceiptNumber: row.fiscal_receipt_number,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    paidAt: row.paid_at,
    weightKg: row.weight_kg,
  }
}

async function withItems(db: Queryable, rows: readonly OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return []
  const { rows: items } = await db.query<ItemRow>(
    `select order_id, product_id, custom_id, name, custom_size, quantity, price, unit, weight_kg, discount_percent,
            discount_reason
       from order_items where order_id = any($1::uuid[]) order by order_id, position`,
    [rows.map((row) => row.id)],
  )
  const byOrder = new Map<string, ItemRow[]>()
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item])
  return rows.map((row) => toOrderView(row, byOrder.get(row.id) ?? []))
}

/** The caller checks that id is a UUID: anything else would be a 22P02 error, not "not found". */
export async function findOrder(db: Queryable, id: string): Promise<OrderView | undefined> {
  const { rows } = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = $1`, [id])
  const [order] = await withItems(db, rows)
  return order
}

/** The orders of `ids`, in the order of `ids` (the staff list pages by id first). */
export async function findOrdersByIds(db: Queryable, ids: readonly string[]): Promise<OrderView[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = any($1::uuid[])`, [ids])
  const byId = new Map(rows.map((row) => [row.id, row]))
  return withItems(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  )
}

export type OrderHead = { id: string; user_id: string | null; status: string; document_number: string | null }

/** The head without a lock: for reporting an order's state after its change was refused. */
export async function findOrderHead(db: Queryable, id: string): Promise<OrderHead | undefined> {
  const { rows } = await db.query<OrderHead>('select id, user_id, status, document_number from orders where id = $1', [
    id,
  ])
  return rows[0]
}

export async function findOrderHeadForUpdate(client: Queryable, id: string): Promise<OrderHead | undefined> {
  const { rows } = await client.query<OrderHead>(
    'select id, user_id, status, document_number from orders where id = $1 for update',
    [id],
  )
  return rows[0]
}

// ---- Document numbers (docs/decisions.md, 'Invoices and packing slips') ----

/** The year whose sequence a document issued now belongs to: the shop's calendar, whatever the server's zone. */
const DOCUMENT_YEAR = `extract(year from now() at time zone 'Europe/Sarajevo')::int`

/**
 * Takes the next number of this year's sequence, in the caller's transaction: the counter row stays
 * locked until the transaction ends, so concurrent confirmations (in any process) queue on it, and a
 * rollback gives the number back. Answers the year and the sequence number.
 */
export async function takeDocumentNumber(client: Queryable): Promise<{ year: number; sequence: number }> {
  const { rows } = await client.query<{ year: number; last_number: number }>(
    `insert into document_counters (year, last_number) values (${DOCUMENT_YEAR}, 1)
     on conflict (year) do update set last_number = document_counters.last_number + 1
     returning year, last_number`,
  )
  const row = rows[0]!
  return { year: row.year, sequence: row.last_number }
}

/** Gives the locked order its document number, issue time (now) and the PDV rate it is issued at. */
export async function setDocumentNumber(
  client: Queryable,
  id: string,
  documentNumber: string,
  vatRate: number,
): Promise<void> {
  await client.query(
    `update orders set document_number = $2, document_issued_at = now(), document_vat_rate = $3 where id = $1`,
    [id, documentNumber, vatRate],
  )
}

export async function setFiscalReceiptNumber(client: Queryable, id: string, value: string): Promise<void> {
  await client.query('update orders set fiscal_receipt_number = $2, updated_at = now() where id = $1', [id, value])
}

/** What the printed documents need beyond the order's JSON: when the invoice was issued, at which rate. */
export type DocumentFacts = { id: string; issued_at: Date | null; vat_rate: number | null }

export async function findDocumentFacts(db: Queryable, ids: readonly string[]): Promise<Map<string, DocumentFacts>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<DocumentFacts>(
    `select id, document_issued_at as issued_at, document_vat_rate as vat_rate from orders where id = any($1::uuid[])`,
    [ids],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

export async function setOrderStatus(client: Queryable, id: string, status: string): Promise<void> {
  await client.query('update orders set status = $2, updated_at = now() where id = $1', [id, status])
}

// ---- The private order page (docs/decisions.md, 'The private order page') ----

export async function insertOrderPageToken(client: Queryable, orderId: string, tokenHash: string): Promise<void> {
  await client.query('insert into order_page_tokens (token_hash, order_id) values ($1, $2)', [tokenHash, orderId])
}

/** The order a link token opens (its hash is the table's key), or undefined for an unknown token. */
export async function findOrderIdByPageToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ order_id: string }>(
    'select order_id from order_page_tokens where token_hash = $1',
    [tokenHash],
  )
  return rows[0]?.order_id
}

/** Records that the order reached `status` now (the timeline of the order page). */
export async function insertStatusChange(client: Queryable, orderId: string, status: string): Promise<void> {
  await client.query('insert into order_status_history (order_id, status) values ($1, $2)', [orderId, status])
}

/** An undone change leaves the timeline: the buyer was never told of it (its mail was held and withdrawn). */
export async function deleteLastStatusChange(client: Queryable, orderId: string): Promise<void> {
  await client.query(
    `delete from order_status_history
      where id = (select max(id) from order_status_history where order_id = $1)`,
    [orderId],
  )
}

export async function findStatusChanges(db: Queryable, orderId: string): Promise<{ status: string; at: string }[]> {
  const { rows } = await db.query<{ status: string; changed_at: Date }>(
    'select status, changed_at from order_status_history where order_id = $1 order by id',
    [orderId],
  )
  return rows.map((row) => ({ status: row.status, at: row.changed_at.toISOString() }))
}

/** The name an anonymised order shows instead of the buyer's. */
export const DELETED_BUYER_NAME = 'Obrisani kupac'

/** A bound on a history page; far beyond what one customer orders. */
const LIST_LIMIT = 500

/** An account's orders, newest first; `all` lifts the history page's bound (the account's data export). */
export async function listOrdersOfUser(db: Queryable, userId: string, { all = false } = {}): Promise<OrderView[]> {
  const { rows } = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from orders where user_id = $1 order by created_at desc, id ${all ? '' : `limit ${LIST_LIMIT}`}`,
    [userId],
  )
  return withItems(db, rows)
}

/** Staff view of an e-mail: that account's orders and the guest orders placed with the address. */
export async function listOrdersForEmail(db: Queryable, email: string): Promise<OrderView[]> {
  const { rows } = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from orders o
      where o.user_id = (select u.id from users u where u.email = $1::citext)
         or (o.user_id is null and o.email = $1::citext)
      order by o.created_at desc, o.id limit ${LIST_LIMIT}`,
    [email],
  )
  return withItems(db, rows)
}

/**
 * docs/decisions.md, 'Their own data': a deleted account's orders stay for the books and the statistics with
 * the buyer anonymised: no account, no name, phone, street or e-mail; the place and the lines stay. Their
 * page links end.
 */
export async function anonymiseOrdersOfUser(client: Queryable, userId: string): Promise<number> {
  await client.query(`delete from order_page_tokens where order_id in (select id from orders where user_id = $1)`, [
    userId,
  ])
  const { rowCount } = await client.query(
    `update orders
        set user_id = null,
            email = 'obrisan-' || left(id::text, 8) || '@anonimno.invalid',
            shipping_address = shipping_address
              || jsonb_build_object('full_name', $2::text, 'phone_number', '', 'street_address', '', 'email', ''),
            updated_at = now()
      where user_id = $1`,
    [userId, DELETED_BUYER_NAME],
  )
  return rowCount ?? 0
}

/** Where each of the orders came from (docs/decisions.md, Orders entered by staff). */
export async function findOrderSources(db: Queryable, ids: readonly string[]): Promise<Map<string, OrderSource>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<{ id: string; source: OrderSource }>(
    'select id, source from orders where id = any($1::uuid[])',
    [ids],
  )
  return new Map(rows.map((row) => [row.id, row.source]))
}

/** The account a staff order is for: who it belongs to and which prices it pays. */
export type CustomerAccount = { id: string; email: string; roles: string[] }

export async function findCustomerAccount(db: Queryable, email: string): Promise<CustomerAccount | undefined> {
  const { rows } = await db.query<CustomerAccount>(
    'select id, email::text as email, roles from users where email = $1::citext',
    [email],
  )
  return rows[0]
}

/**
 * Registered, enabled accounts whose name, e-mail or phone contains the query (a phone by its digits,
 * however it was written); at most `limit`, by name. For the staff's new-order page.
 */
export async function searchCustomers(db: Queryable, query: string, limit: number): Promise<StaffCustomerView[]> {
  const digits = query.replace(/\D/g, '').replace(/^0+/, '')
  const { rows } = await db.query<StaffCustomerView>(
    `select u.id, u.email::text as email, coalesce(p.full_name, '') as full_name,
            coalesce(p.phone_number, '') as phone_number, coalesce(p.street_address, '') as street_address,
            coalesce(p.city, '') as city, coalesce(p.state, '') as state, coalesce(p.zip_code, '') as zip_code,
            'wholesale' = any(u.roles) as "isWholesale"
       from users u left join profiles p on p.user_id = u.id
      where not u.is_disabled
        and (u.email::text ilike $1 or p.full_name ilike $1
             or ($2 <> '' and length($2) >= 3 and regexp_replace(coalesce(p.phone_number, ''), '\\D', '', 'g') like '%' || $2 || '%'))
      order by p.full_name collate "und-x-icu", u.email
      limit $3`,
    [`%${escapeLikePattern(query)}%`, digits, limit],
  )
  return rows
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('select id from users where email = $1::citext', [email])
  return rows[0]?.id
}

// ---- Cart quote ----
export type CartProductRow = {
  id: string
  custom_id: string
  name: string
  price: number
  discount_price: number | null
  wholesale_price: number | null
  stock: number
  infinite_stock: boolean
  has_sizes: boolean
  image: string | null
  /** docs/decisions.md, 'Units of measure and lines without a limit'. */
  unit: string
  no_line_limit: boolean
  weight_kg: number | null
}

/** An option of a cart's product; its discount_price is the charged one (docs/decisions.md, 'Sales computed when read'). */
export type CartOptionRow = ProductOptionRow & { product_id: string }

type LockMode = { lock: boolean }

/**
 * Products by id or by code (the cart keeps customId as productId). With lock, the rows are
 * locked in id order: every stock change locks in the same order, so two orders never deadlock
 * (ARCHITECTURE: stock changes lock the rows they read).
 */
export async function findCartProducts(
  db: Queryable,
  references: readonly string[],
  { lock }: LockMode,
): Promise<CartProductRow[]> {
  if (references.length === 0) return []
  const ids = references.filter(isUuid)
  return queryRows<CartProductRow>(
    db, // docs/decisions.md, 'Sales computed when read': the discount price charged now, the sale's where it is lower.
    `select p.id, p.custom_id, p.name, p.price, product_charged_discount(p) as discount_price, p.wholesale_price, p.stock,
            p.infinite_stock, p.has_sizes, p.unit, p.no_line_limit, p.weight_kg,
            (select i.url from product_images i where i.product_id = p.id
              order by i.is_primary desc, i.position limit 1) as image
       from products p
      where p.id = any($1::uuid[]) or p.custom_id = any($2::text[])
      order by p.id
      ${lock ? 'for update of p' : ''}`,
    [ids, references],
  )
}

/** The options of these products, locked in id order after their products when lock is set. */
export async function findCartOptions(
  db: Queryable,
  productIds: readonly string[],
  { lock }: LockMode,
): Promise<CartOptionRow[]> {
  if (productIds.length === 0) return []
  return queryRows<CartOptionRow>(
    db,
    `select o.id, o.product_id, o.size, o.custom_id, o.stock, o.infinite, o.price,
            option_charged_discount(p, o) as discount_price, o.wholesale_price, o.weight_kg
       from product_options o join products p on p.id = o.product_id
      where o.product_id = any($1::uuid[])
      order by o.id
      ${lock ? 'for update of o' : ''}`,
    [productIds],
  )
}

/** A code of the quick order: a product's customId, or an option's (then with its size). */
export type QuickOrderCodeRow = { code: string; product_code: string; size: string | null }

/** The products and options whose code is one of these (compared in lower case), products first. */
export async function findQuickOrderCodes(db: Queryable, lowerCodes: readonly string[]): Promise<QuickOrderCodeRow[]> {
  if (lowerCodes.length === 0) return []
  return queryRows<QuickOrderCodeRow>(
    db,
    `select lower(p.custom_id) as code, p.custom_id as product_code, null as size, 0 as rank
       from products p where lower(p.custom_id) = any($1::text[])
     union all
     select lower(o.custom_id), p.custom_id, o.size, 1
       from product_options o join products p on p.id = o.product_id
      where o.custom_id is not null and o.custom_id <> '' and lower(o.custom_id) = any($1::text[])
     order by rank, code`,
    [lowerCodes],
  )
}

/** The settings object under 'shipping', or undefined when staff never saved one. */
export function findShippingSettings(db: Queryable): Promise<unknown> {
  return findSettingsDocument(db, 'shipping')
}

// ---- Order admin (staff) ----
export type OrderListFilter = {
  search?: string
  status?: string
  isSuspicious?: boolean
  source?: OrderSource
  sort: OrderSort
  limit: number
  offset: number
}

const STATUS_ORDER = `array_position(array[${ORDER_STATUSES.map((status) => `'${status}'`).join(', ')}], o.status)`

// Every sort ends with the id, so that paging is stable when two orders tie.
const ORDER_BY: Record<OrderSort, string> = {
  'date-desc': 'o.created_at desc, o.id',
  'date-asc': 'o.created_at asc, o.id',
  'total-desc': 'o.total desc, o.created_at desc, o.id',
  'total-asc': 'o.total asc, o.created_at desc, o.id',
  'status-asc': `${STATUS_ORDER} asc, o.created_at desc, o.id`,
  'status-desc': `${STATUS_ORDER} desc, o.created_at desc, o.id`,
}

/** Digits of a phone search, so that '061 123' finds '+387 61 123 456' however it was written. */
const MIN_PHONE_DIGITS = 3
const LOOKS_LIKE_PHONE = /^[\d\s+\-/().]+$/

/**
 * One page of the staff list and the number of orders that match. The search matches the start
 * of the order id or of the document number (the numbers people read out), or any part of the
 * e-mail, name or phone.
 */
export async function listOrderIds(db: Queryable, filter: OrderListFilter): Promise<{ ids: string[]; total: number }> {
  const conditions: string[] = []
  const values: unknown[] = []
  const search = filter.search?.trim()
  if (search) {
    values.push(`${escapeLikePattern(search.toLowerCase())}%`, `%${escapeLikePattern(search)}%`)
    const prefix = `$${values.length - 1}`
    const anywhere = `$${values.length}`
    const matches = [
      `o.id::text like ${prefix}`,
      `o.document_number like ${prefix}`,
      `o.email::text ilike ${anywhere}`,
      `o.shipping_address->>'full_name' ilike ${anywhere}`,
      `o.shipping_address->>'phone_number' ilike ${anywhere}`,
    ]
    // Only a search written like a phone number is compared digit by digit: the digits of an order
    // number such as '8bbf8aa8' ('888') would otherwise find every phone that contains them.
    const digits = search.replace(/\D/g, '')
    if (LOOKS_LIKE_PHONE.test(search) && digits.length >= MIN_PHONE_DIGITS) {
      values.push(`%${digits.replace(/^0+/, '')}%`)
      matches.push(`regexp_replace(o.shipping_address->>'phone_number', '\\D', '', 'g') like $${values.length}`)
    }
    // '2026-123' stands for document 2026-000123 (the number as people say it, without the zeros).
    const documentNumber = documentNumberOf(search)
    if (documentNumber) {
      values.push(documentNumber)
      matches.push(`o.document_number = $${values.length}`)
    }
    conditions.push(`(${matches.join(' or ')})`)
  }
  if (filter.status) {
    values.push(filter.status)
    conditions.push(`o.status = $${values.length}`)
  }
  if (filter.isSuspicious !== undefined) {
    conditions.push(filter.isSuspicious ? `o.suspicion_reasons <> '{}'` : `o.suspicion_reasons = '{}'`)
  }
  if (filter.source) {
    values.push(filter.source)
    conditions.push(`o.source = $${values.length}`)
  }
  values.push(filter.limit, filter.offset)
  const { rows } = await db.query<{ id: string; matching: string }>(
    `select o.id, count(*) over () as matching from orders o
      ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
      order by ${ORDER_BY[filter.sort]}
      limit $${values.length - 1} offset $${values.length}`,
    values,
  )
  if (rows.length === 0 && filter.offset > 0) {
    const { rows: counted } = await db.query<{ matching: string }>(
      `select count(*) as matching from orders o ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}`,
      values.slice(0, -2),
    )
    return { ids: [], total: Number(counted[0]?.matching ?? 0) }
  }
  return { ids: rows.map((row) => row.id), total: Number(rows[0]?.matching ?? 0) }
}

/** Why each of the orders was flagged; an order that was not is absent. */
export async function findSuspicionReasons(db: Queryable, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<{ id: string; suspicion_reasons: string[] }>(
    `select id, suspicion_reasons from orders where id = any($1::uuid[]) and suspicion_reasons <> '{}'`,
    [ids],
  )
  return new Map(rows.map((row) => [row.id, row.suspicion_reasons]))
}

/** Staff judged a flagged order fine: it is an ordinary order from now on. */
export async function clearSuspicionReasons(client: Queryable, id: string): Promise<void> {
  await client.query(`update orders set suspicion_reasons = '{}' where id = $1`, [id])
}

/** An order line's stock as it is now: what reopening a cancelled order must take again. */
export type LineStock = {
  product_id: string | null
  option_id: string | null
  quantity: number
  name: string
  size: string | null
  /** null when the line's product or option no longer exists, or its stock is infinite. */
  finite_stock: number | null
  is_option: boolean
}

/** Call after the stock rows are locked, so that the numbers stay true until the transaction ends. */
export async function findLineStock(client: Queryable, orderId: string): Promise<LineStock[]> {
  return queryRows<LineStock>(
    client,
    `select i.product_id, i.option_id, i.quantity, coalesce(p.name, i.name) as name, coalesce(po.size, i.custom_size) as size,
            case
              when i.option_id is not null then case when po.infinite then null else po.stock end
              when p.infinite_stock or p.has_sizes then null
              else p.stock
            end as finite_stock,
            i.option_id is not null as is_option
       from order_items i
       left join products p on p.id = i.product_id
       left join product_options po on po.id = i.option_id
      where i.order_id = $1
      order by i.position`,
    [orderId],
  )
}

export async function deleteOrderRow(client: Queryable, id: string): Promise<void> {
  await client.query('delete from orders where id = $1', [id])
}

/** How long a status mail waits for an undo (docs/decisions.md, 'Staff kit and staff orders'). */
export const STATUS_MAIL_HOLD_SECONDS = 60

/**
 * Queues the customer's status mail to go out only after the hold, so that an undo within it can
 * take it back. Answers the outbox row's id, which the status change's audit entry keeps.
 */
export async function insertHeldMail(client: Queryable, mail: OutgoingMail): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into outbox (kind, to_address, reply_to, subject, text_body, html_body, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
     returning id::text as id`,
    [mail.kind, mail.to, mail.replyTo ?? null, mail.subject, mail.text, mail.html, STATUS_MAIL_HOLD_SECONDS],
  )
  return rows[0]!.id
}

/**
 * Takes back a held mail while it still waits: never sent, never tried, and not yet claimed by the
 * mail worker (a claim moves next_attempt_at off created_at + hold). True when it was taken back.
 */
export async function deleteHeldMail(client: Queryable, id: string): Promise<boolean> {
  const { rows } = await client.query<{ id: string }>(
    `delete from outbox
      where id = $1::bigint and sent_at is null and attempts = 0
        and next_attempt_at > now()
        and next_attempt_at = created_at + make_interval(secs => $2)
      returning id`,
    [id, STATUS_MAIL_HOLD_SECONDS],
  )
  return rows.length > 0
}

export type LastStatusChange = { before: string; after: string; heldMailId: string | null }

/** The order's latest staff status change, from the audit log (the undo reverses exactly that). */
export async function findLastStatusChange(client: Queryable, orderId: string): Promise<LastStatusChange | undefined> {
  const { rows } = await client.query<{ before: string | null; after: string | null; held: string | null }>(
    `select before->>'status' as before, after->>'status' as after, after->>'heldMailId' as held
       from audit_log
      where entity = 'order' and entity_id = $1 and action = 'order.status'
      order by id desc
      limit 1`,
    [orderId],
  )
  const row = rows[0]
  if (!row?.before || !row.after) return undefined
  return { before: row.before, after: row.after, heldMailId: row.held }
}

// ---- Order limits (staff settings) ----
const KEY = ORDER_LIMITS_KEY

/** The stored 'order_limits' object, locked for the rest of the transaction (undefined when none is stored). */
export function lockOrderLimitSettings(client: Queryable): Promise<unknown> {
  return findSettingsDocument(client, KEY, { lock: true })
}

export function saveOrderLimitSettings(client: Queryable, value: OrderLimitSettings): Promise<void> {
  return saveSettingsDocument(client, KEY, value)
}

// ---- Courier hand-off, tracking and payouts (docs/decisions.md, 'Courier hand-off, tracking and payouts') ----
const COURIER_KEY = 'courier'

export function findCourierSettingsValue(db: Queryable): Promise<unknown> {
  return findSettingsDocument(db, COURIER_KEY)
}

/** The stored 'courier' object, locked for the rest of the transaction (undefined when none is stored). */
export function lockCourierSettings(client: Queryable): Promise<unknown> {
  return findSettingsDocument(client, COURIER_KEY, { lock: true })
}

export function saveCourierSettings(client: Queryable, value: unknown): Promise<void> {
  return saveSettingsDocument(client, COURIER_KEY, value)
}

export async function setTracking(client: Queryable, id: string, trackingNumber: string, url: string): Promise<void> {
  await client.query('update orders set tracking_number = $2, tracking_url = $3, updated_at = now() where id = $1', [
    id,
    trackingNumber,
    url,
  ])
}

/** What the import matches a row against: an order named by its document number or its tracking number. */
export type CourierMatch = {
  id: string
  document_number: string | null
  tracking_number: string
  total: number
  paid_at: string | null
  shipping_method_id: string | null
}

/**
 * The orders named by references (document numbers, or tracking numbers when byTracking), locked for
 * the import's transaction; keyed by the upper-cased reference.
 */
export async function lockOrdersByReference(
  client: Queryable,
  references: readonly string[],
  byTracking: boolean,
): Promise<Map<string, CourierMatch>> {
  const found = new Map<string, CourierMatch>()
  if (references.length === 0) return found
  const upper = [...new Set(references.map((reference) => reference.toUpperCase()))]
  const columns = `id, document_number, tracking_number, total, to_char(paid_at, 'YYYY-MM-DD') as paid_at,
    shipping_method->>'id' as shipping_method_id`
  const { rows: byNumber } = await client.query<CourierMatch>(
    `select ${columns} from orders where upper(document_number) = any($1::text[]) order by id for update`,
    [upper],
  )
  for (const row of byNumber) found.set(row.document_number!.toUpperCase(), row)
  if (byTracking) {
    const { rows } = await client.query<CourierMatch>(
      `select ${columns} from orders where tracking_number <> '' and upper(tracking_number) = any($1::text[])
        order by id for update`,
      [upper],
    )
    for (const row of rows)
      if (!found.has(row.tracking_number.toUpperCase())) found.set(row.tracking_number.toUpperCase(), row)
  }
  return found
}

export async function setPaid(client: Queryable, id: string, paidAt: string, amount: number): Promise<void> {
  await client.query('update orders set paid_at = $2::date, paid_amount = $3, updated_at = now() where id = $1', [
    id,
    paidAt,
    amount,
  ])
}

export type OverdueRow = {
  id: string
  document_number: string | null
  tracking_number: string
  total: number
  shipped_at: string
  days: number
}

/**
 * Sent by courier, not paid out, and shipped at least `days` days before `today` (the day the order
 * reached 'shipped' in its timeline, else its last change): oldest first.
 */
export async function findOverdueUnpaid(db: Queryable, today: string, days: number): Promise<OverdueRow[]> {
  const { rows } = await db.query<OverdueRow>(
    `with sent as (
       select o.id, o.document_number, o.tracking_number, o.total,
              coalesce((select max(h.changed_at) from order_status_history h
                         where h.order_id = o.id and h.status = 'shipped'), o.updated_at) as shipped_at
         from orders o
        where o.status in ('shipped', 'completed') and o.paid_at is null
          and (coalesce(o.shipping_method->>'id', '') || ' ' || coalesce(o.shipping_method->>'name', ''))
              !~* 'preuzim|pickup|pick-up|osobno')
     select id, document_number, tracking_number, total,
            to_char((shipped_at at time zone 'Europe/Sarajevo')::date, 'YYYY-MM-DD') as shipped_at,
            ($1::date - (shipped_at at time zone 'Europe/Sarajevo')::date)::int as days
       from sent
      where ($1::date - (shipped_at at time zone 'Europe/Sarajevo')::date) >= $2
      order by shipped_at, id
      limit 500`,
    [today, days],
  )
  return rows
}

// ---- For complaints and returns (modules/returns, docs/decisions.md ('Complaints and returns')) ----

export type ReturnableItemRow = {
  id: string
  product_id: string | null
  option_id: string | null
  name: string
  custom_size: string | null
  quantity: number
}

/** The order's lines with their ids, in the order's own order. */
export async function findReturnableItems(db: Queryable, orderId: string): Promise<ReturnableItemRow[]> {
  return queryRows<ReturnableItemRow>(
    db,
    `select id, product_id, option_id, name, custom_size, quantity
       from order_items where order_id = $1 order by position, id`,
    [orderId],
  )
}
