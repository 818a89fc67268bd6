import type { Queryable } from '../../platform/db.ts'

// The only file of sale campaigns with SQL. docs/decisions.md, 'Sales computed when read': a sale's prices are
// never written into the products; its start and end flip sale_config.is_applied (markSaleApplied), and the
// prices follow from sale_products through the SQL functions of migration 0036.

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

/**
 * The products on sale (all, or one) whose sale price (of the product or of an option) is below its floor:
 * the sale holds them at the floor, and staff are told which ones. Kept per product by migration 0036's trigger
 * (products.sale_held_at_floor, the rule of sale_price_before_floor and 'Money rules'), so the sale's start reads
 * only these products, whatever the size of the sale.
 */
export async function findSaleProductsHeldAtFloor(client: Queryable, productId: string | null): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select p.name from products p
      where p.sale_held_at_floor and ($1::uuid is null or p.id = $1)
      order by p.name collate "und-x-icu"`,
    [productId],
  )
  return rows.map((row) => row.name)
}

/** How many products the sale has: what its start and end switch (the answers and the audit name them). */
export async function countSaleProducts(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ count: number }>('select count(*)::integer as count from sale_products')
  return rows[0]?.count ?? 0
}

export type PublicSaleConfigRow = Omit<SaleConfigRow, 'is_applied' | 'handled_start_date'>

export async function findSaleConfig(db: Queryable): Promise<PublicSaleConfigRow | undefined> {
  const { rows } = await db.query<PublicSaleConfigRow>(
    'select is_active, start_date, end_date, title, description, version from sale_config where id = 1',
  )
  return rows[0]
}
