import { roundMoney } from '@shop/shared/rules/money.ts'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import { toOrderLimitSettings } from '@shop/shared/schemas/order-limits.ts'
import type { OrderLineView, OrderView, ShippingAddressView } from '@shop/shared/schemas/orders.ts'
import { noteStockChange } from '../../platform/cache.ts'
import type { Queryable } from '../../platform/db.ts'

export type StockChange = { id: string; quantity: number }

// Stock moves by a relative update under the row lock the caller already holds: never a value
// computed in JavaScript and written back (STYLE §2: Vendure's read-then-write race). Every move
// names its products to the catalogue caches (issue 12), which drop their answers after the commit.

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
    [changes.map((change) => change.id), changes.map((change) => change.quantity)],
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
    [changes.map((change) => change.id), changes.map((change) => change.quantity)],
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
    [changes.map((change) => change.id), changes.map((change) => change.quantity)],
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
    [changes.map((change) => change.id), changes.map((change) => change.quantity)],
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
  const { rows } = await client.query<OrderStockItem>(
    'select product_id, option_id, quantity from order_items where order_id = $1',
    [orderId],
  )
  return rows
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
  /** The client's network address (issue 13 (e)); null when unknown. */
  clientAddress: string | null
  /** Why staff should look at the order; empty for an ordinary one. */
  suspicionReasons: readonly string[]
}

export type NewOrderItem = {
  productId: string
  optionId: string | null
  customId: string | null
  name: string
  customSize: string | null
  quantity: number
  price: number
}

/** Inserts a pending order; answers its row, which toOrderView maps without reading it again. */
export async function insertOrder(client: Queryable, order: NewOrder): Promise<OrderRow> {
  const { rows } = await client.query<OrderRow>(
    `insert into orders (user_id, email, status, total, shipping_cost, shipping_method, shipping_address, idempotency_key,
                         client_address, suspicion_reasons)
     values ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9::text[])
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
    ],
  )
  return rows[0]!
}

// ---------------------------------------------------------------------------------------------
// Issue 13 (e): limits on one order and one client, and what marks an order as suspicious.

const ORDER_LIMITS_KEY = 'order_limits'

/** The staff's limits; each missing or broken field is its default. */
export async function findOrderLimitSettings(db: Queryable): Promise<OrderLimitSettings> {
  const { rows } = await db.query<{ value: unknown }>('select value from settings where key = $1', [ORDER_LIMITS_KEY])
  return toOrderLimitSettings(rows[0]?.value)
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
    `insert into order_items (order_id, position, product_id, option_id, custom_id, name, custom_size, quantity, price)
     select $1, d.position, d.product_id, d.option_id, d.custom_id, d.name, d.custom_size, d.quantity, d.price
       from unnest($2::int[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::int[], $9::numeric[])
         as d(position, product_id, option_id, custom_id, name, custom_size, quantity, price)
     returning order_id, position, product_id, custom_id, name, custom_size, quantity, price`,
    [
      orderId,
      items.map((_, index) => index),
      items.map((item) => item.productId),
      items.map((item) => item.optionId),
      items.map((item) => item.customId),
      items.map((item) => item.name),
      items.map((item) => item.customSize),
      items.map((item) => item.quantity),
      items.map((item) => item.price),
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
}

export type ItemRow = {
  order_id: string
  product_id: string | null
  custom_id: string | null
  name: string
  custom_size: string | null
  quantity: number
  price: number
}

const ORDER_COLUMNS = `id, user_id, email, status, total, shipping_cost, shipping_method, shipping_address, created_at, updated_at`

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
  }
}

async function withItems(db: Queryable, rows: readonly OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return []
  const { rows: items } = await db.query<ItemRow>(
    `select order_id, product_id, custom_id, name, custom_size, quantity, price
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

export type OrderHead = { id: string; user_id: string | null; status: string }

export async function findOrderHeadForUpdate(client: Queryable, id: string): Promise<OrderHead | undefined> {
  const { rows } = await client.query<OrderHead>('select id, user_id, status from orders where id = $1 for update', [
    id,
  ])
  return rows[0]
}

export async function setOrderStatus(client: Queryable, id: string, status: string): Promise<void> {
  await client.query('update orders set status = $2, updated_at = now() where id = $1', [id, status])
}

/** A bound on a history page; far beyond what one customer orders. */
const LIST_LIMIT = 500

export async function listOrdersOfUser(db: Queryable, userId: string): Promise<OrderView[]> {
  const { rows } = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from orders where user_id = $1 order by created_at desc, id limit ${LIST_LIMIT}`,
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

export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('select id from users where email = $1::citext', [email])
  return rows[0]?.id
}
