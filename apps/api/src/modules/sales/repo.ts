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
  version: number
}

/**
 * Locks the one sale_config row for the rest of the transaction, creating it when missing. Every
 * write of the sales admin and the timed job takes this lock first, so they run one at a time
 * across all API processes and a sale is applied or restored exactly once.
 */
export async function lockSaleConfig(client: Queryable): Promise<SaleConfigRow> {
  await client.query('insert into sale_config (id) values (1) on conflict (id) do nothing')
  const { rows } = await client.query<SaleConfigRow>(
    `select is_active, start_date, end_date, title, description, is_applied, handled_start_date, version
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

/** A product's prices as a sale sees them: its own, each option's, and the owner's floor. */
export type LockedProductPrices = {
  name: string
  price: number
  priceFloor: number | null
  /** The product first (size null), then each option with a price of its own. */
  prices: { size: string | null; price: number; wholesalePrice: number | null }[]
}

/** Locks a product and reads its prices; undefined when there is none. */
export async function lockProductPrices(
  client: Queryable,
  productId: string,
): Promise<LockedProductPrices | undefined> {
  const { rows } = await client.query<{
    name: string
    price: number
    price_floor: number | null
    wholesale_price: number | null
    has_sizes: boolean
  }>('select name, price, price_floor, wholesale_price, has_sizes from products where id = $1 for update', [productId])
  const product = rows[0]
  if (!product) return undefined
  const { rows: options } = product.has_sizes
    ? await client.query<{ size: string; price: number; wholesale_price: number | null }>(
        `select o.size, coalesce(o.price, p.price) as price,
                case when o.price > 0 then o.wholesale_price else p.wholesale_price end as wholesale_price
           from product_options o join products p on p.id = o.product_id
          where o.product_id = $1 order by o.position, o.size`,
        [productId],
      )
    : { rows: [] }
  return {
    name: product.name,
    price: product.price,
    priceFloor: product.price_floor,
    prices: [
      { size: null, price: product.price, wholesalePrice: product.wholesale_price },
      ...options.map((option) => ({ size: option.size, price: option.price, wholesalePrice: option.wholesale_price })),
    ],
  }
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
const rawSalePriceSql = (base: string) =>
  `greatest(0.01, case when ${base} = s.original_price then s.discounted_price
                        else round(${base} * (100 - s.discount_percentage) / 100.0, 2) end)`

// docs/decisions.md, 'Money rules': the floor of a price, the product's own else the wholesale price
// (rules/price-floor.ts effectivePriceFloor); a sale never writes a price below it, it holds it there.
const floorSql = (wholesale: string) => `coalesce(p.price_floor, ${wholesale}, 0.01)`
const optionWholesaleSql = 'case when o.price > 0 then o.wholesale_price else p.wholesale_price end'
const salePriceSql = (base: string, wholesale: string) => `greatest(${floorSql(wholesale)}, ${rawSalePriceSql(base)})`

/**
 * The products on sale, not applied yet (all, or one), whose sale price (of the product or of an
 * option) is below its floor: applying holds them at the floor, and staff are told which ones.
 */
export async function findSaleProductsHeldAtFloor(client: Queryable, productId: string | null): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select p.name
       from sale_products s
       join products p on p.id = s.product_id
      where ($1::uuid is null or s.product_id = $1)
        and not exists (select 1 from sale_price_snapshots x where x.product_id = s.product_id)
        and (${rawSalePriceSql('p.price')} < ${floorSql('p.wholesale_price')}
             or (p.has_sizes and exists (
                   select 1 from product_options o
                    cross join lateral (select coalesce(o.price, p.price) as price) base
                    where o.product_id = p.id
                      and ${rawSalePriceSql('base.price')} < ${floorSql(optionWholesaleSql)})))
      order by p.name collate "und-x-icu"`,
    [productId],
  )
  return rows.map((row) => row.name)
}

/**
 * Writes the sale's prices into the products on sale that are not applied yet (all, or these),
 * snapshotting what they had. The lowest price wins: a discount price already lower than the
 * sale's stays. A product with options gets the sale on every option too. Returns how many
 * products were applied.
 */
export async function applySalePrices(client: Queryable, productIds: readonly string[] | null): Promise<number> {
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
         cross join lateral (select ${salePriceSql('base.price', optionWholesaleSql)} as price) sale
        where ($1::uuid[] is null or s.product_id = any($1::uuid[]))
          and not exists (select 1 from sale_price_snapshots x where x.product_id = s.product_id)
       on conflict (product_id, size) do update
          set discount_price = excluded.discount_price, applied_discount_price = excluded.applied_discount_price
       returning product_id, size, discount_price, applied_discount_price
     )
     update product_options o set discount_price = fresh.applied_discount_price
       from fresh
      where o.product_id = fresh.product_id and o.size = fresh.size
        and o.discount_price is distinct from fresh.applied_discount_price`,
    [productIds],
  )
  const { rows } = await client.query<{ applied: number }>(
    `with fresh as (
       insert into sale_price_snapshots (product_id, discount_price, applied_discount_price)
       select p.id, p.discount_price,
              case when sale.price < p.price and (p.discount_price is null or sale.price < p.discount_price)
                   then sale.price else p.discount_price end
         from sale_products s
         join products p on p.id = s.product_id
         cross join lateral (select ${salePriceSql('p.price', 'p.wholesale_price')} as price) sale
        where ($1::uuid[] is null or s.product_id = any($1::uuid[]))
       on conflict (product_id) do nothing
       returning product_id, discount_price, applied_discount_price
     ), changed as (
       -- docs/decisions.md ('Edits that never overwrite each other'): a product form opened before the sale wrote its prices is stale now.
       update products p set discount_price = fresh.applied_discount_price, version = p.version + 1
         from fresh
        where p.id = fresh.product_id
       returning p.id
     )
     select (select count(*) from fresh)::integer as applied`,
    [productIds],
  )
  return rows[0]?.applied ?? 0
}

/**
 * Gives back the prices a sale changed (all, or these products'), from the snapshots, and forgets
 * them. A price that is no longer the sale's (staff changed it by hand during the sale) stays.
 * Returns how many products were restored.
 */
export async function restoreSalePrices(client: Queryable, productIds: readonly string[] | null): Promise<number> {
  await client.query(
    `with gone as (
       delete from sale_option_snapshots where ($1::uuid[] is null or product_id = any($1::uuid[]))
       returning product_id, size, discount_price, applied_discount_price
     )
     update product_options o set discount_price = gone.discount_price
       from gone
      where o.product_id = gone.product_id and o.size = gone.size
        and o.discount_price is not distinct from gone.applied_discount_price
        and o.discount_price is distinct from gone.discount_price`,
    [productIds],
  )
  const { rows } = await client.query<{ restored: number }>(
    `with gone as (
       delete from sale_price_snapshots where ($1::uuid[] is null or product_id = any($1::uuid[]))
       returning product_id, discount_price, applied_discount_price
     ), changed as (
       -- docs/decisions.md ('Edits that never overwrite each other'): a product form opened during the sale is stale once it ends.
       update products p
          set discount_price = case when p.discount_price is not distinct from gone.applied_discount_price
                                     and p.discount_price is distinct from gone.discount_price
                                    then case when gone.discount_price < p.price then gone.discount_price end
                                    else p.discount_price end,
              version = p.version + 1
         from gone
        where p.id = gone.product_id
       returning p.id
     )
     select (select count(*) from gone)::integer as restored`,
    [productIds],
  )
  return rows[0]?.restored ?? 0
}

/** Those of these products whose prices the running sale has written (they have a snapshot). */
export async function findSaleAppliedProducts(client: Queryable, productIds: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ product_id: string }>(
    'select product_id from sale_price_snapshots where product_id = any($1::uuid[])',
    [productIds],
  )
  return rows.map((row) => row.product_id)
}

export type PublicSaleConfigRow = Omit<SaleConfigRow, 'is_applied' | 'handled_start_date'>

export async function findSaleConfig(db: Queryable): Promise<PublicSaleConfigRow | undefined> {
  const { rows } = await db.query<PublicSaleConfigRow>(
    'select is_active, start_date, end_date, title, description, version from sale_config where id = 1',
  )
  return rows[0]
}
