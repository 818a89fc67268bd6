import { ORDER_STATUSES } from '@shop/shared/rules/order-status.ts'
import { escapeLikePattern } from '@shop/shared/rules/search.ts'
import type { OrderSort } from '@shop/shared/schemas/admin-orders.ts'
import type { Queryable } from '../../platform/db.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'

export type OrderListFilter = {
  search?: string
  status?: string
  isSuspicious?: boolean
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
 * of the order id (the number people read out), or any part of the e-mail, name or phone.
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
    conditions.push(`(${matches.join(' or ')})`)
  }
  if (filter.status) {
    values.push(filter.status)
    conditions.push(`o.status = $${values.length}`)
  }
  if (filter.isSuspicious !== undefined) {
    conditions.push(filter.isSuspicious ? `o.suspicion_reasons <> '{}'` : `o.suspicion_reasons = '{}'`)
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

/** Why each of the orders was flagged (issue 13 (e)); an order that was not is absent. */
export async function findSuspicionReasons(db: Queryable, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<{ id: string; suspicion_reasons: string[] }>(
    `select id, suspicion_reasons from orders where id = any($1::uuid[]) and suspicion_reasons <> '{}'`,
    [ids],
  )
  return new Map(rows.map((row) => [row.id, row.suspicion_reasons]))
}

/** Staff judged a flagged order fine (issue 13 (e)): it is an ordinary order from now on. */
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
  const { rows } = await client.query<LineStock>(
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
  return rows
}

export async function deleteOrderRow(client: Queryable, id: string): Promise<void> {
  await client.query('delete from orders where id = $1', [id])
}

/** staff-and-content.md §4 (DECISIONS, issue 10 item 8): how long a status mail waits for an undo. */
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
