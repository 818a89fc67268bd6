import type { Queryable } from '../../platform/db.ts'

// The only file of sale campaigns with SQL. Applying and restoring are set-based statements over
// every product on sale at once (10,000 products in well under 2 s, one transaction with the
// caller's config lock), never a loop of queries per product.

export type SaleConfigRow = {
  is_active: boolean
  start_date: Date | null
  end_date: Date | null
  title: string
  description: string
  is_applied: boolean
  handled_start_date: Date | null
}

/**
 * Locks the one sale_config row for the rest of the transaction, creating it when missing. Every
 * write of the sales admin and the timed job takes this lock first, so they run one at a time
 * across all API processes and a sale is applied or restored exactly once.
 */
export async function lockSaleConfig(client: Queryable): Promise<SaleConfigRow> {
  await client.query('insert into sale_config (id) values (1) on conflict (id) do nothing')
  const { rows } = await client.query<SaleConfigRow>(
    `select is_active, start_date, end_date, title, description, is_applied, handled_start_date
       from sale_config where id = 1 for update`,
  )
  return rows[0]!
}

export async function updateSaleConfig(
  client: Queryable,
  config: {
    isActive: boolean
    startDate: Date | null
    endDate: Date | null
    title: string
    description: string
    clearsHandledStart: boolean
  },
): Promise<void> {
  await client.query(
    `update sale_config
        set is_active = $1, start_date = $2, end_date = $3, title = $4, description = $5,
            handled_start_date = case when $6 then null else handled_start_date end, updated_at = now()
      where id = 1`,
    [
      config.isActive,
      config.startDate?.toISOString() ?? null,
      config.endDate?.toISOString() ?? null,
      config.title,
      config.description,
      config.clearsHandledStart,
    ],
  )
}

export async function markSaleApplied(
  client: Queryable,
  isApplied: boolean,
  handledStartDate: Date | null | undefined,
): Promise<void> {
  await client.query(
    `update sale_config
        set is_applied = $1,
            handled_start_date = case when $2 then $3::timestamptz else handled_start_date end
      where id = 1`,
    [isApplied, handledStartDate !== undefined, handledStartDate?.toISOString() ?? null],
  )
}

/** Locks a product and reads its own price; undefined when there is none. */
export async function lockProductPrice(client: Queryable, productId: string): Promise<number | undefined> {
  const { rows } = await client.query<{ price: string }>('select price from products where id = $1 for update', [
    productId,
  ])
  return rows[0] ? Number(rows[0].price) : undefined
}

export type SaleProductEntry = {
  id: string
  productId: string
  originalPrice: number
  discountPercentage: number
  discountedPrice: number
}

/** Adds a product to the sale; undefined when it is already on sale. */
export async function insertSaleProduct(
  client: Queryable,
  entry: Omit<SaleProductEntry, 'id'>,
): Promise<SaleProductEntry | undefined> {
  const { rows } = await client.query<{ id: string }>(
    `insert into sale_products (product_id, original_price, discount_percentage, discounted_price)
     values ($1, $2, $3, $4) on conflict (product_id) do nothing returning id`,
    [entry.productId, entry.originalPrice, entry.discountPercentage, entry.discountedPrice],
  )
  return rows[0] ? { id: rows[0].id, ...entry } : undefined
}

/** The entry by its own id or by its product's id (the list shows both), locked. */
export async function lockSaleProduct(client: Queryable, id: string): Promise<SaleProductEntry | undefined> {
  const { rows } = await client.query<{
    id: string
    product_id: string
    original_price: string
    discount_percentage: number
    discounted_price: string
  }>(
    `select id, product_id, original_price, discount_percentage, discounted_price
       from sale_products where id = $1 or product_id = $1 order by (id = $1) desc limit 1 for update`,
    [id],
  )
  const row = rows[0]
  return row
    ? {
        id: row.id,
        productId: row.product_id,
        originalPrice: Number(row.original_price),
        discountPercentage: row.discount_percentage,
        discountedPrice: Number(row.discounted_price),
      }
    : undefined
}

export async function deleteSaleProduct(client: Queryable, id: string): Promise<void> {
  await client.query('delete from sale_products where id = $1', [id])
}

// The sale price of a base price X: the entry's own discounted price when X is the price it was
// set on (a custom new price stays exact), else the percentage off X, half up in cents, at least 0.01
// (rules/sale-discount.ts salePriceOf does the same in TypeScript).
const salePriceSql = (base: string) =>
  `greatest(0.01, case when ${base} = s.original_price then s.discounted_price
                       else round(${base} * (100 - s.discount_percentage) / 100.0, 2) end)`

/**
 * Writes the sale's prices into the products on sale that are not applied yet (all, or one),
 * snapshotting what they had. The lowest price wins: a discount price already lower than the
 * sale's stays. A product with options gets the sale on every option too. Returns how many
 * products were applied.
 */
export async function applySalePrices(client: Queryable, productId: string | null): Promise<number> {
  await client.query(
    `with fresh as (
       insert into sale_option_snapshots (product_id, size, discount_price, applied_discount_price)
       select o.product_id, o.size, o.discount_price,
              case when sale.price < base.price and (o.discount_price is null or sale.price < o.discount_price)
                   then sale.price else o.discount_price end
         from sale_products s
         join products p on p.id = s.product_id and p.has_sizes
         join product_options o on o.product_id = p.id
         cross join lateral (select coalesce(o.price, p.price) as price) base
         cross join lateral (select ${salePriceSql('base.price')} as price) sale
        where ($1::uuid is null or s.product_id = $1)
          and not exists (select 1 from sale_price_snapshots x where x.product_id = s.product_id)
       on conflict (product_id, size) do update
          set discount_price = excluded.discount_price, applied_discount_price = excluded.applied_discount_price
       returning product_id, size, discount_price, applied_discount_price
     )
     update product_options o set discount_price = fresh.applied_discount_price
       from fresh
      where o.product_id = fresh.product_id and o.size = fresh.size
        and o.discount_price is distinct from fresh.applied_discount_price`,
    [productId],
  )
  const { rows } = await client.query<{ applied: number }>(
    `with fresh as (
       insert into sale_price_snapshots (product_id, discount_price, applied_discount_price)
       select p.id, p.discount_price,
              case when sale.price < p.price and (p.discount_price is null or sale.price < p.discount_price)
                   then sale.price else p.discount_price end
         from sale_products s
         join products p on p.id = s.product_id
         cross join lateral (select ${salePriceSql('p.price')} as price) sale
        where ($1::uuid is null or s.product_id = $1)
       on conflict (product_id) do nothing
       returning product_id, discount_price, applied_discount_price
     ), changed as (
       update products p set discount_price = fresh.applied_discount_price
         from fresh
        where p.id = fresh.product_id and p.discount_price is distinct from fresh.applied_discount_price
       returning p.id
     )
     select (select count(*) from fresh)::integer as applied`,
    [productId],
  )
  return rows[0]?.applied ?? 0
}

/**
 * Gives back the prices a sale changed (all, or one product's), from the snapshots, and forgets
 * them. A price that is no longer the sale's (staff changed it by hand during the sale) stays.
 * Returns how many products were restored.
 */
export async function restoreSalePrices(client: Queryable, productId: string | null): Promise<number> {
  await client.query(
    `with gone as (
       delete from sale_option_snapshots where ($1::uuid is null or product_id = $1)
       returning product_id, size, discount_price, applied_discount_price
     )
     update product_options o set discount_price = gone.discount_price
       from gone
      where o.product_id = gone.product_id and o.size = gone.size
        and o.discount_price is not distinct from gone.applied_discount_price
        and o.discount_price is distinct from gone.discount_price`,
    [productId],
  )
  const { rows } = await client.query<{ restored: number }>(
    `with gone as (
       delete from sale_price_snapshots where ($1::uuid is null or product_id = $1)
       returning product_id, discount_price, applied_discount_price
     ), changed as (
       update products p
          set discount_price = case when gone.discount_price < p.price then gone.discount_price end
         from gone
        where p.id = gone.product_id
          and p.discount_price is not distinct from gone.applied_discount_price
          and p.discount_price is distinct from gone.discount_price
       returning p.id
     )
     select (select count(*) from gone)::integer as restored`,
    [productId],
  )
  return rows[0]?.restored ?? 0
}

export type PublicSaleConfigRow = Omit<SaleConfigRow, 'is_applied' | 'handled_start_date'>

export async function findSaleConfig(db: Queryable): Promise<PublicSaleConfigRow | undefined> {
  const { rows } = await db.query<PublicSaleConfigRow>(
    'select is_active, start_date, end_date, title, description from sale_config where id = 1',
  )
  return rows[0]
}
