import type { Database } from '../../platform/db.ts'

export type ProductHeadRow = {
  id: string
  name: string
  short_description: string | null
  description: string | null
  custom_id: string
  price: number
  discount_price: number | null
  is_available: boolean
  image_url: string | null
  brand: string | null
  category: string | null
  /** The product's options (has_sizes) with their own price fields, in their order; empty without options. */
  options: { size: string; price: number | null; discount_price: number | null; is_available: boolean }[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findProductForHead(db: Database, id: string): Promise<ProductHeadRow | undefined> {
  if (!UUID.test(id)) return undefined
  const { rows } = await db.query<ProductHeadRow>(
    `select p.id, p.name, p.short_description, p.description, p.custom_id, p.price, p.discount_price,
            case when p.has_sizes
                 then exists (select 1 from product_options o where o.product_id = p.id and (o.infinite or o.stock > 0))
                 else p.infinite_stock or p.stock > 0 end as is_available,
            (select i.url from product_images i where i.product_id = p.id order by i.is_primary desc, i.position limit 1) as image_url,
            b.name as brand, c.name as category,
            case when p.has_sizes then coalesce((
              select json_agg(json_build_object('size', o.size, 'price', o.price, 'discount_price', o.discount_price,
                                                'is_available', o.infinite or o.stock > 0) order by o.position, o.size)
                from product_options o where o.product_id = p.id), '[]'::json)
                 else '[]'::json end as options
       from products p
       left join brands b on b.id = p.brand_id
       left join categories c on c.id = p.category_id
      where p.id = $1`,
    [id],
  )
  return rows[0]
}

export async function listSitemapEntries(db: Database): Promise<{ products: { id: string; updated_at: Date }[] }> {
  // Only canonical addresses: a category's /store?category=… has /store as its canonical, so it is not listed.
  const products = await db.query<{ id: string; updated_at: Date }>(
    'select id, updated_at from products order by created_at',
  )
  return { products: products.rows }
}
