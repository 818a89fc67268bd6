import type { Queryable } from '../../platform/db.ts'

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
}

export type CartOptionRow = {
  id: string
  product_id: string
  size: string
  custom_id: string | null
  stock: number
  infinite: boolean
  price: number | null
  discount_price: number | null
  wholesale_price: number | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID.test(value)
}

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
  const { rows } = await db.query<CartProductRow>(
    `select p.id, p.custom_id, p.name, p.price, p.discount_price, p.wholesale_price, p.stock,
            p.infinite_stock, p.has_sizes,
            (select i.url from product_images i where i.product_id = p.id
              order by i.is_primary desc, i.position limit 1) as image
       from products p
      where p.id = any($1::uuid[]) or p.custom_id = any($2::text[])
      order by p.id
      ${lock ? 'for update of p' : ''}`,
    [ids, references],
  )
  return rows
}

/** The options of these products, locked in id order after their products when lock is set. */
export async function findCartOptions(
  db: Queryable,
  productIds: readonly string[],
  { lock }: LockMode,
): Promise<CartOptionRow[]> {
  if (productIds.length === 0) return []
  const { rows } = await db.query<CartOptionRow>(
    `select id, product_id, size, custom_id, stock, infinite, price, discount_price, wholesale_price
       from product_options
      where product_id = any($1::uuid[])
      order by id
      ${lock ? 'for update' : ''}`,
    [productIds],
  )
  return rows
}

/** The settings object under 'shipping', or undefined when staff never saved one. */
export async function findShippingSettings(db: Queryable): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>(`select value from settings where key = 'shipping'`)
  return rows[0]?.value
}
