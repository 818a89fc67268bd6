import type { ReturnReason, ReturnStatus } from '@shop/shared/rules/returns.ts'
import type { Queryable } from '../../platform/db.ts'
import { queryMany, queryOne } from '../../platform/mapped-rows.ts'

// docs/decisions.md ('Complaints and returns'), 'Complaints and returns': the returns tables (migration 0027). The staff list
// reads the order's buyer and document number beside each complaint; it writes nothing of the order's.

export type ReturnPhoto = { url: string; width: number; height: number }
export type ReturnLine = { itemId: string; name: string; size: string | null; quantity: number }
export type ReturnStep = { status: ReturnStatus; at: string; note: string | null }

export type ReturnRecord = {
  id: string
  orderId: string
  status: ReturnStatus
  reason: ReturnReason
  description: string
  photos: ReturnPhoto[]
  rejectionReason: string | null
  stockReturnedAt: string | null
  createdAt: string
  updatedAt: string
  lines: ReturnLine[]
  history: ReturnStep[]
}

type ReturnRow = {
  id: string
  order_id: string
  status: ReturnStatus
  reason: ReturnReason
  description: string
  photos: ReturnPhoto[] | null
  rejection_reason: string | null
  stock_returned_at: Date | null
  created_at: Date
  updated_at: Date
  lines: { itemId: string; name: string; size: string | null; quantity: number }[] | null
  history: { status: ReturnStatus; at: string; note: string | null }[] | null
}

const RETURN_SELECT = `
  select r.id, r.order_id, r.status, r.reason, r.description, r.photos, r.rejection_reason, r.stock_returned_at,
         r.created_at, r.updated_at,
         (select json_agg(json_build_object('itemId', l.order_item_id, 'name', i.name, 'size', i.custom_size,
                                            'quantity', l.quantity) order by i.position, i.id)
            from return_lines l join order_items i on i.id = l.order_item_id
           where l.return_id = r.id) as lines,
         (select json_agg(json_build_object('status', h.status,
                                            'at', to_char(h.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                            'note', h.note) order by h.id)
            from return_status_history h where h.return_id = r.id) as history
    from returns r`

function toRecord(row: ReturnRow): ReturnRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    reason: row.reason,
    description: row.description,
    photos: row.photos ?? [],
    rejectionReason: row.rejection_reason,
    stockReturnedAt: row.stock_returned_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lines: row.lines ?? [],
    history: row.history ?? [],
  }
}

/** How many of each order line are claimed by complaints not rejected. */
export async function findClaimedQuantities(db: Queryable, orderId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ order_item_id: string; claimed: number }>(
    `select l.order_item_id, sum(l.quantity)::int as claimed
       from return_lines l join returns r on r.id = l.return_id
      where r.order_id = $1 and r.status <> 'rejected'
      group by l.order_item_id`,
    [orderId],
  )
  return new Map(rows.map((row) => [row.order_item_id, Number(row.claimed)]))
}

/** Serialises the complaints of one order, so that two at once cannot both claim the last piece. */
export async function lockOrderReturns(client: Queryable, orderId: string): Promise<void> {
  await client.query(`select pg_advisory_xact_lock(hashtext('returns:' || $1::text))`, [orderId])
}

export type NewReturn = {
  orderId: string
  reason: ReturnReason
  description: string
  photos: ReturnPhoto[]
  lines: { itemId: string; quantity: number }[]
}

export async function insertReturn(client: Queryable, input: NewReturn): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into returns (order_id, reason, description, photos) values ($1, $2, $3, $4) returning id`,
    [input.orderId, input.reason, input.description, JSON.stringify(input.photos)],
  )
  const id = rows[0]!.id
  await client.query(
    `insert into return_lines (return_id, order_item_id, quantity)
     select $1, d.item_id, d.quantity from unnest($2::uuid[], $3::int[]) as d(item_id, quantity)`,
    [id, input.lines.map((line) => line.itemId), input.lines.map((line) => line.quantity)],
  )
  await insertReturnStep(client, id, 'requested', null)
  return id
}

export async function insertReturnStep(
  client: Queryable,
  returnId: string,
  status: ReturnStatus,
  note: string | null,
): Promise<void> {
  await client.query('insert into return_status_history (return_id, status, note) values ($1, $2, $3)', [
    returnId,
    status,
    note,
  ])
}

export async function findReturn(db: Queryable, id: string): Promise<ReturnRecord | null> {
  return queryOne(db, toRecord, `${RETURN_SELECT} where r.id = $1`, [id])
}

export async function findReturnsOfOrder(db: Queryable, orderId: string): Promise<ReturnRecord[]> {
  return queryMany(db, toRecord, `${RETURN_SELECT} where r.order_id = $1 order by r.created_at, r.id`, [orderId])
}

/** Every complaint of the orders of an account (its data export). */
export async function findReturnsOfAccount(db: Queryable, userId: string): Promise<ReturnRecord[]> {
  return queryMany(
    db,
    toRecord,
    `${RETURN_SELECT} where r.order_id in (select id from orders where user_id = $1) order by r.created_at, r.id`,
    [userId],
  )
}

export type ReturnHead = { id: string; order_id: string; status: ReturnStatus; stock_returned_at: Date | null }

export async function lockReturn(client: Queryable, id: string): Promise<ReturnHead | undefined> {
  const { rows } = await client.query<ReturnHead>(
    'select id, order_id, status, stock_returned_at from returns where id = $1 for update',
    [id],
  )
  return rows[0]
}

export async function setReturnStatus(
  client: Queryable,
  id: string,
  status: ReturnStatus,
  rejectionReason: string | null,
): Promise<void> {
  await client.query(
    `update returns set status = $2, rejection_reason = coalesce($3, rejection_reason), updated_at = now()
      where id = $1`,
    [id, status, rejectionReason],
  )
}

export async function markStockReturned(client: Queryable, id: string): Promise<void> {
  await client.query('update returns set stock_returned_at = now() where id = $1', [id])
}

/** The lines of a complaint with the product and option each came from (null when deleted since). */
export async function findReturnStockLines(
  client: Queryable,
  returnId: string,
): Promise<{ productId: string | null; optionId: string | null; quantity: number }[]> {
  const { rows } = await client.query<{ product_id: string | null; option_id: string | null; quantity: number }>(
    `select i.product_id, i.option_id, l.quantity
       from return_lines l join order_items i on i.id = l.order_item_id
      where l.return_id = $1`,
    [returnId],
  )
  return rows.map((row) => ({ productId: row.product_id, optionId: row.option_id, quantity: row.quantity }))
}

export type StaffReturnRow = ReturnRecord & {
  email: string
  buyerName: string
  documentNumber: string | null
}

export type StaffReturnFilter = { status?: ReturnStatus; query?: string; limit: number; offset: number }

/** Complaints newest first, by status and by order number, buyer's name or e-mail; with the total. */
export async function listStaffReturns(
  db: Queryable,
  filter: StaffReturnFilter,
): Promise<{ rows: StaffReturnRow[]; total: number }> {
  const where = `where ($1::text is null or r.status = $1)
      and ($2::text is null or o.id::text ilike $2 || '%' or o.email ilike '%' || $2 || '%'
           or coalesce(o.shipping_address->>'full_name', '') ilike '%' || $2 || '%'
           or coalesce(o.document_number, '') ilike '%' || $2 || '%')`
  const values = [filter.status ?? null, filter.query ? escapeLike(filter.query) : null]
  const { rows: count } = await db.query<{ total: number }>(
    `select count(*)::int as total from returns r join orders o on o.id = r.order_id ${where}`,
    values,
  )
  const rows = await queryMany(
    db,
    (row: ReturnRow & { email: string; buyer_name: string | null; document_number: string | null }) => ({
      ...toRecord(row),
      email: row.email,
      buyerName: row.buyer_name ?? '',
      documentNumber: row.document_number,
    }),
    `select x.*, o.email, o.shipping_address->>'full_name' as buyer_name, o.document_number
       from (${RETURN_SELECT}) x
       join orders o on o.id = x.order_id
      where x.id in (select r.id from returns r join orders o on o.id = r.order_id ${where}
                      order by r.created_at desc, r.id desc limit $3 offset $4)
      order by x.created_at desc, x.id desc`,
    [...values, filter.limit, filter.offset],
  )
  return { rows, total: Number(count[0]?.total ?? 0) }
}

function escapeLike(value: string): string {
  return value.trim().replace(/[\\%_]/g, (character) => `\\${character}`)
}
