import type { ProductValues, SizeStockEntry } from '@shop/shared/schemas/product-form.ts'
import type { Queryable } from '../../platform/db.ts'

/**
 * A product as the API answers it (staff-and-content.md §3 Product): the shape of the public
 * catalogue (schemas/catalogue.ts catalogueProduct), wholesale price included for staff.
 */
export type StaffProduct = {
  id: string
  _id: string
  customId: string
  name: string
  description: string | null
  short_description: string | null
  price: number
  discount_price: number | null
  wholesale_price: number | null
  images: { url: string; is_primary: boolean }[]
  categoryId: string
  brandId: string | null
  /** The category's name, as the public catalogue answers it. */
  category: string
  /** The brand's name. */
  brand: string | null
  stock: number
  infinite_stock: boolean
  has_sizes: boolean
  sizes: string[]
  size_stock: SizeStockEntry[]
  featured: boolean
  recommended: boolean
  specifications: { name: string; value: string }[]
  created_at: string
  updated_at: string
}

export type AdminProduct = StaffProduct & { isOutOfStock: boolean }

type ProductRow = {
  id: string
  custom_id: string
  name: string
  description: string | null
  short_description: string | null
  price: number
  discount_price: number | null
  wholesale_price: number | null
  category_id: string
  category_name: string
  brand_id: string | null
  brand_name: string | null
  stock: number
  infinite_stock: boolean
  has_sizes: boolean
  featured: boolean
  recommended: boolean
  specifications: { name: string; value: string }[]
  images: { url: string; is_primary: boolean }[]
  options: SizeStockEntry[]
  is_out_of_stock: boolean
  created_at: Date
  updated_at: Date
}

// Images and options come back as JSON arrays in their saved order; numeric inside JSON is a
// JSON number, so prices arrive as numbers here too. An option without its own price sells at
// the product's (as the public catalogue answers it).
const PRODUCT_SELECT = `
  select p.id, p.custom_id, p.name, p.description, p.short_description, p.price, p.discount_price,
         p.wholesale_price, p.category_id, c.name as category_name, p.brand_id, b.name as brand_name,
         p.stock, p.infinite_stock, p.has_sizes, p.featured, p.recommended, p.specifications,
         p.created_at, p.updated_at,
         coalesce((select json_agg(json_build_object('url', i.url, 'is_primary', i.is_primary) order by i.position, i.id)
                     from product_images i where i.product_id = p.id), '[]') as images,
         coalesce((select json_agg(json_build_object(
                            'size', o.size, 'customId', o.custom_id, 'stock', o.stock, 'infinite', o.infinite,
                            'price', coalesce(o.price, p.price), 'discount_price', o.discount_price, 'wholesale_price', o.wholesale_price)
                            order by o.position, o.size)
                     from product_options o where o.product_id = p.id), '[]') as options,
         case when p.has_sizes
              then not exists (select 1 from product_options o where o.product_id = p.id and (o.infinite or o.stock > 0))
              else not p.infinite_stock and p.stock <= 0 end as is_out_of_stock
    from products p
    join categories c on c.id = p.category_id
    left join brands b on b.id = p.brand_id`

function toStaffProduct(row: ProductRow): StaffProduct {
  return {
    id: row.id,
    _id: row.id,
    customId: row.custom_id,
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    price: row.price,
    discount_price: row.discount_price,
    wholesale_price: row.wholesale_price,
    images: row.images,
    categoryId: row.category_id,
    brandId: row.brand_id,
    category: row.category_name,
    brand: row.brand_name,
    stock: row.stock,
    infinite_stock: row.infinite_stock,
    has_sizes: row.has_sizes,
    sizes: row.has_sizes ? row.options.map((option) => option.size) : [],
    size_stock: row.has_sizes ? row.options : [],
    featured: row.featured,
    recommended: row.recommended,
    specifications: row.specifications,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export async function findProductById(client: Queryable, id: string): Promise<StaffProduct | null> {
  const { rows } = await client.query<ProductRow>(`${PRODUCT_SELECT} where p.id = $1`, [id])
  return rows[0] ? toStaffProduct(rows[0]) : null
}

/** Locks the product row for the rest of the transaction; false when there is none. */
export async function lockProduct(client: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await client.query('select 1 from products where id = $1 for update', [id])
  return rowCount === 1
}

function productParameters(product: ProductValues): unknown[] {
  return [
    product.customId,
    product.name,
    product.description,
    product.short_description,
    product.price,
    product.discount_price,
    product.wholesale_price,
    product.categoryId,
    product.brandId,
    product.stock,
    product.infinite_stock,
    product.has_sizes,
    product.featured,
    product.recommended,
    JSON.stringify(product.specifications),
  ]
}

export async function insertProduct(client: Queryable, product: ProductValues): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into products (custom_id, name, description, short_description, price, discount_price, wholesale_price,
                           category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended, specifications)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb)
     returning id`,
    productParameters(product),
  )
  return rows[0]!.id
}

export async function updateProduct(client: Queryable, id: string, product: ProductValues): Promise<void> {
  await client.query(
    `update products
        set custom_id = $1, name = $2, description = $3, short_description = $4, price = $5, discount_price = $6,
            wholesale_price = $7, category_id = $8, brand_id = $9, stock = $10, infinite_stock = $11, has_sizes = $12,
            featured = $13, recommended = $14, specifications = $15::jsonb, updated_at = now()
      where id = $16`,
    [...productParameters(product), id],
  )
}

export async function replaceImages(
  client: Queryable,
  productId: string,
  images: ProductValues['images'],
): Promise<void> {
  await client.query('delete from product_images where product_id = $1', [productId])
  if (images.length === 0) return
  await client.query(
    `insert into product_images (product_id, url, is_primary, position)
     select $1, image.url, image.is_primary, image.position - 1
       from unnest($2::text[], $3::boolean[]) with ordinality as image(url, is_primary, position)`,
    [productId, images.map((image) => image.url), images.map((image) => image.is_primary)],
  )
}

/**
 * Replaces the product's options with `options`. An option whose label stays keeps its row, so
 * that order lines pointing at it (order_items.option_id) keep pointing at it.
 */
export async function replaceOptions(client: Queryable, productId: string, options: SizeStockEntry[]): Promise<void> {
  const sizes = options.map((option) => option.size)
  await client.query('delete from product_options where product_id = $1 and not (size = any($2::text[]))', [
    productId,
    sizes,
  ])
  if (options.length === 0) return
  await client.query(
    `insert into product_options (product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price)
     select $1, option.position - 1, option.size, option.custom_id, option.stock, option.infinite,
            option.price, option.discount_price, option.wholesale_price
       from unnest($2::text[], $3::text[], $4::integer[], $5::boolean[], $6::numeric[], $7::numeric[], $8::numeric[])
            with ordinality as option(size, custom_id, stock, infinite, price, discount_price, wholesale_price, position)
     on conflict (product_id, size) do update
        set position = excluded.position, custom_id = excluded.custom_id, stock = excluded.stock,
            infinite = excluded.infinite, price = excluded.price, discount_price = excluded.discount_price,
            wholesale_price = excluded.wholesale_price`,
    [
      productId,
      sizes,
      options.map((option) => option.customId),
      options.map((option) => option.stock),
      options.map((option) => option.infinite),
      options.map((option) => option.price),
      options.map((option) => option.discount_price),
      options.map((option) => option.wholesale_price),
    ],
  )
}

export async function deleteProduct(client: Queryable, id: string): Promise<void> {
  await client.query('delete from products where id = $1', [id])
}

export type AdminProductQuery = { words: string[]; limit: number; offset: number }

// LIKE treats % and _ as wildcards and \ as its escape; a search word means only itself.
function likePattern(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * The staff list (§2 Products admin): each word must match the name, description, code, option
 * codes or option labels, folded as the search_* columns are (lower case, no accents).
 */
export async function listAdminProducts(
  client: Queryable,
  query: AdminProductQuery,
): Promise<{ products: AdminProduct[]; total: number }> {
  const parameters: unknown[] = []
  const conditions = query.words.map((word) => {
    parameters.push(likePattern(word))
    const pattern = `'%' || shop_fold($${parameters.length}) || '%'`
    return `(p.search_name like ${pattern} or p.search_description like ${pattern}
             or p.search_codes like ${pattern} or p.search_options like ${pattern})`
  })
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
  const page = await client.query<ProductRow & { total: number }>(
    `${PRODUCT_SELECT.replace('select p.id,', 'select count(*) over ()::int as total, p.id,')} ${where}
      order by p.name collate "und-x-icu", p.custom_id, p.id
      limit $${parameters.length + 1} offset $${parameters.length + 2}`,
    [...parameters, query.limit, query.offset],
  )
  let total = page.rows[0]?.total ?? 0
  // A page past the end has no rows to carry the count.
  if (page.rows.length === 0 && query.offset > 0) {
    const count = await client.query<{ total: number }>(
      `select count(*)::int as total from products p ${where}`,
      parameters,
    )
    total = count.rows[0]?.total ?? 0
  }
  return {
    products: page.rows.map((row) => ({ ...toStaffProduct(row), isOutOfStock: row.is_out_of_stock })),
    total,
  }
}
