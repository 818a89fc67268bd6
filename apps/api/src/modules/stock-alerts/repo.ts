import { isUuid } from '@shop/shared/rules/uuid.ts'
import type { WaitingStockAlerts } from '@shop/shared/schemas/stock-alerts.ts'
import type { Queryable } from '../../platform/db.ts'
import { queryOne } from '../../platform/mapped-rows.ts'

// Back-in-stock alerts (docs/decisions.md ('Back-in-stock alerts')). The only file with their SQL; the triggers that
// mark an alert due when its stock comes back are in migrations/0028_stock_alerts.sql.

export type TokenPurpose = 'confirm' | 'unsubscribe'

/**
 * The alert's stock is there now. A due alert whose stock sold out again before its mail was written
 * waits, still due, for the next return (a mail saying 'back in stock' about stock that is gone would only
 * disappoint); claiming it then needs no trigger.
 */
function isAvailable(alert: string): string {
  return `select 1 from products p left join product_options o on o.id = ${alert}.option_id
           where p.id = ${alert}.product_id
             and case when ${alert}.option_id is null then p.stock > 0 or p.infinite_stock
                      else coalesce(o.stock > 0 or o.infinite, false) end`
}

/** A product (or one of its options) as an alert needs it: its stock and what its mails show. */
export type AlertTarget = {
  productId: string
  customId: string
  name: string
  hasSizes: boolean
  isAvailable: boolean
  option: { id: string; size: string; isAvailable: boolean } | null
}

type TargetRow = {
  id: string
  custom_id: string
  name: string
  has_sizes: boolean
  is_available: boolean
  option_id: string | null
  option_size: string | null
  option_is_available: boolean | null
}

/**
 * The product by its id or code and, when asked for, its option by code or label; `option` is null
 * both when none was asked for and when none matched (`optionAsked` tells them apart).
 */
export function findAlertTarget(
  client: Queryable,
  productReference: string,
  optionCode: string | null,
): Promise<AlertTarget | null> {
  return queryOne(
    client,
    toAlertTarget,
    `select p.id, p.custom_id, p.name, p.has_sizes, (p.stock > 0 or p.infinite_stock) as is_available,
            o.id as option_id, o.size as option_size, (o.stock > 0 or o.infinite) as option_is_available
       from products p
       left join lateral (
         select o.id, o.size, o.stock, o.infinite from product_options o
          where o.product_id = p.id and $3::text is not null and (o.custom_id = $3 or o.size = $3)
          order by (o.custom_id = $3) desc nulls last, o.position
          limit 1
       ) o on true
      where p.id = $1::uuid or p.custom_id = $2
      limit 1`,
    [isUuid(productReference) ? productReference : null, productReference, optionCode],
  )
}

function toAlertTarget(row: TargetRow): AlertTarget {
  return {
    productId: row.id,
    customId: row.custom_id,
    name: row.name,
    hasSizes: row.has_sizes,
    isAvailable: row.is_available,
    option:
      row.option_id && row.option_size !== null
        ? { id: row.option_id, size: row.option_size, isAvailable: row.option_is_available === true }
        : null,
  }
}

/**
 * docs/decisions.md ('Back-in-stock alerts'), 'Limits': the requests for one mailbox wait for each other (in every API
 * process, as the lock is the database's), so the count of its mails cannot be read twice at once.
 */
export async function lockMailbox(client: Queryable, email: string): Promise<void> {
  await client.query("select pg_advisory_xact_lock(hashtextextended('stock-alert mailbox ' || $1, 0))", [email])
}

/** Confirmation mails written to an address since a moment: the per-mailbox cap. */
export async function countConfirmationsSince(client: Queryable, email: string, since: Date): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    "select count(*)::int as count from stock_alert_tokens where email = $1 and purpose = 'confirm' and created_at > $2",
    [email, since],
  )
  return rows[0]?.count ?? 0
}

export type WaitingAlert = { id: string; isConfirmed: boolean }

/** The address's alert on this product (or option) that has not been sent or ended yet. */
export function findWaitingAlert(
  client: Queryable,
  productId: string,
  optionId: string | null,
  email: string,
): Promise<WaitingAlert | null> {
  return queryOne(
    client,
    (row: { id: string; confirmed_at: Date | null }) => ({ id: row.id, isConfirmed: row.confirmed_at !== null }),
    `select id, confirmed_at from stock_alerts
      where product_id = $1 and option_id is not distinct from $2 and email = $3
        and notified_at is null and unsubscribed_at is null`,
    [productId, optionId, email],
  )
}

export async function insertAlert(
  client: Queryable,
  alert: { productId: string; optionId: string | null; email: string; ip: string | null; confirmedAt: Date | null },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into stock_alerts (product_id, option_id, email, ip, confirmed_at) values ($1, $2, $3, $4, $5)
     returning id`,
    [alert.productId, alert.optionId, alert.email, alert.ip, alert.confirmedAt],
  )
  return rows[0]!.id
}

/** A waiting request confirmed without its mail (its address is the signed-in customer's own). */
export async function confirmAlertNow(client: Queryable, alertId: string, at: Date): Promise<void> {
  await client.query('update stock_alerts set confirmed_at = coalesce(confirmed_at, $2) where id = $1', [alertId, at])
}

export async function insertToken(
  client: Queryable,
  token: { tokenHash: string; alertId: string; purpose: TokenPurpose; email: string; at: Date },
): Promise<void> {
  await client.query(
    'insert into stock_alert_tokens (token_hash, alert_id, purpose, email, created_at) values ($1, $2, $3, $4, $5)',
    [token.tokenHash, token.alertId, token.purpose, token.email, token.at],
  )
}

export type ConfirmedAlert = {
  id: string
  productId: string
  customId: string
  name: string
  option: string | null
  isDue: boolean
}

/**
 * Confirms the alert of a confirmation token younger than `since` (again: a second visit answers the
 * same); null for an unknown, expired or ended one. When the stock is already back, the alert is due
 * at once (it came back between the request and the confirmation, and no trigger saw a confirmed alert).
 */
export function confirmAlert(
  client: Queryable,
  tokenHash: string,
  since: Date,
  at: Date,
): Promise<ConfirmedAlert | null> {
  return queryOne(
    client,
    toConfirmedAlert,
    `with confirmed as (
       update stock_alerts a
          set confirmed_at = coalesce(a.confirmed_at, $3),
              due_at = case when a.due_at is null and a.notified_at is null and exists (${isAvailable('a')})
                            then $3 else a.due_at end
         from stock_alert_tokens t
        where t.token_hash = $1 and t.purpose = 'confirm' and t.created_at > $2
          and a.id = t.alert_id and a.unsubscribed_at is null
       returning a.id, a.product_id, a.option_id, a.due_at is not null or a.notified_at is not null as is_due
     )
     select c.id, c.product_id, p.custom_id, p.name, o.size as option_size, c.is_due
       from confirmed c
       join products p on p.id = c.product_id
       left join product_options o on o.id = c.option_id`,
    [tokenHash, since, at],
  )
}

type ConfirmedRow = {
  id: string
  product_id: string
  custom_id: string
  name: string
  option_size: string | null
  is_due: boolean
}

function toConfirmedAlert(row: ConfirmedRow): ConfirmedAlert {
  return {
    id: row.id,
    productId: row.product_id,
    customId: row.custom_id,
    name: row.name,
    option: row.option_size,
    isDue: row.is_due,
  }
}

/**
 * Ends the alert of an unsubscribe token and every other alert of its address that still waits;
 * null for an unknown token. A second use ends nothing more and answers the same address.
 */
export async function unsubscribeByToken(
  client: Queryable,
  tokenHash: string,
  at: Date,
): Promise<{ email: string; ended: number } | null> {
  const { rows } = await client.query<{ email: string; ended: number }>(
    `with token as (
       select email from stock_alert_tokens where token_hash = $1 and purpose = 'unsubscribe'
     ), ended as (
       update stock_alerts a set unsubscribed_at = $2
         from token t
        where a.email = t.email and a.notified_at is null and a.unsubscribed_at is null
       returning a.id
     )
     select t.email, (select count(*) from ended)::int as ended from token t`,
    [tokenHash, at],
  )
  return rows[0] ?? null
}

export type ClaimedAlert = {
  id: string
  email: string
  productId: string
  customId: string
  name: string
  price: number
  discountPrice: number | null
  option: { size: string; code: string | null; price: number | null; discountPrice: number | null } | null
}

type ClaimedRow = {
  id: string
  email: string
  product_id: string
  custom_id: string
  name: string
  price: string
  discount_price: string | null
  option_size: string | null
  option_code: string | null
  option_price: string | null
  option_discount_price: string | null
}

/**
 * docs/decisions.md ('Back-in-stock alerts'), 'Exactly one mail': the 'notified' transition of up to `limit` due alerts, in
 * one statement. A row another process holds is skipped, and the condition `notified_at is null` is
 * checked again on the locked row, so an alert is claimed once whoever runs this at the same time; the
 * caller writes the mails in the same transaction, so the mails exist exactly when the claim does.
 */
export async function claimDueAlerts(client: Queryable, at: Date, limit: number): Promise<ClaimedAlert[]> {
  // Named: the timed job runs it every few seconds in every process, and planning it took longer than running it.
  const { rows } = await client.query<ClaimedRow>({
    name: 'stock_alerts_claim_due',
    text: `with claimed as (
       update stock_alerts a set notified_at = $1
        where a.id in (select s.id from stock_alerts s
                        where s.due_at is not null and s.notified_at is null and s.unsubscribed_at is null
                          and exists (${isAvailable('s')})
                        order by s.due_at, s.id
                        limit $2
                        for update skip locked)
          and a.notified_at is null and a.unsubscribed_at is null
       returning a.id, a.email, a.product_id, a.option_id
     )
     select c.id, c.email, c.product_id, p.custom_id, p.name, p.price, product_charged_discount(p) as discount_price,
            o.size as option_size, o.custom_id as option_code, o.price as option_price,
            case when o.id is not null then option_charged_discount(p, o) end as option_discount_price
       from claimed c
       join products p on p.id = c.product_id
       left join product_options o on o.id = c.option_id
      order by c.id`,
    values: [at, limit],
  })
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    productId: row.product_id,
    customId: row.custom_id,
    name: row.name,
    price: Number(row.price),
    discountPrice: row.discount_price === null ? null : Number(row.discount_price),
    option:
      row.option_size === null
        ? null
        : {
            size: row.option_size,
            code: row.option_code,
            price: row.option_price === null ? null : Number(row.option_price),
            discountPrice: row.option_discount_price === null ? null : Number(row.option_discount_price),
          },
  }))
}

/** The confirmed alerts still waiting, per product: in all and per option label (products admin). */
export async function countWaitingAlerts(
  client: Queryable,
  productIds: readonly string[],
): Promise<Map<string, WaitingStockAlerts>> {
  const counts = new Map<string, WaitingStockAlerts>()
  if (productIds.length === 0) return counts
  const { rows } = await client.query<{ product_id: string; option_size: string | null; count: number }>(
    `select a.product_id, o.size as option_size, count(*)::int as count
       from stock_alerts a
       left join product_options o on o.id = a.option_id
      where a.product_id = any($1::uuid[])
        and a.confirmed_at is not null and a.notified_at is null and a.unsubscribed_at is null
      group by a.product_id, o.size`,
    [productIds],
  )
  for (const row of rows) {
    const entry = counts.get(row.product_id) ?? { total: 0, options: {} }
    entry.total += row.count
    if (row.option_size !== null) entry.options[row.option_size] = row.count
    counts.set(row.product_id, entry)
  }
  return counts
}
