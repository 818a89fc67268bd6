import type { Queryable } from '../platform/db.ts'
import type { Catalogue } from './catalogue.ts'
import type { DemoAccount } from './demo-data/accounts.ts'
import type { DemoImages } from './demo-images.ts'
import type { OrderRow } from './demo-orders.ts'

// The seed's SQL. Each table is written with one statement that unpacks a JSON array
// (jsonb_to_recordset), so loading the whole shop takes a few dozen round trips.

const HOUR = 60 * 60 * 1000

export async function hasAnyUser(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>('select exists (select 1 from users) as exists')
  return rows[0]?.exists === true
}

/** Waits for any other process seeding the same database, until this transaction ends. */
export async function lockSeed(db: Queryable): Promise<void> {
  // Any fixed number, distinct from the migration lock.
  await db.query('select pg_advisory_xact_lock(7302115)')
}

/** Held for a whole demo load on PostgreSQL, so that processes starting together draw the pictures once. */
export async function lockSeedStart(db: Queryable): Promise<void> {
  await db.query('select pg_advisory_xact_lock(7302116)')
}

async function insertRows(db: Queryable, sql: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return
  await db.query(sql, [JSON.stringify(rows)])
}

export async function insertCatalogue(
  db: Queryable,
  catalogue: Catalogue,
  images: DemoImages,
  now: Date,
): Promise<void> {
  await insertRows(
    db,
    `insert into categories (id, name, description)
     select id, name, description from jsonb_to_recordset($1::jsonb) as r(id uuid, name text, description text)`,
    catalogue.categories,
  )
  await insertRows(
    db,
    `insert into brands (id, name, description, image_url)
     select id, name, description, image_url
       from jsonb_to_recordset($1::jsonb) as r(id uuid, name text, description text, image_url text)`,
    catalogue.brands.map((brand) => ({ ...brand, image_url: images.brands.get(brand.key) ?? null })),
  )
  const count = catalogue.products.length
  await insertRows(
    db,
    `insert into products (id, custom_id, name, short_description, description, price, discount_price, wholesale_price,
                           price_floor, category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended,
                           specifications, unit, no_line_limit, weight_kg, created_at, updated_at)
     select id, custom_id, name, short_description, description, price, discount_price, wholesale_price,
            price_floor, category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended,
            specifications, unit, no_line_limit, weight_kg, created_at, created_at
       from jsonb_to_recordset($1::jsonb) as r(id uuid, custom_id text, name text, short_description text,
            description text, price numeric, discount_price numeric, wholesale_price numeric, price_floor numeric,
            category_id uuid,
            brand_id uuid, stock integer, infinite_stock boolean, has_sizes boolean, featured boolean,
            recommended boolean, specifications jsonb, unit text, no_line_limit boolean, weight_kg numeric,
            created_at timestamptz)`,
    catalogue.products.map((product, index) => ({
      id: product.id,
      custom_id: product.customId,
      name: product.name,
      short_description: product.shortDescription,
      description: product.description,
      price: product.price,
      discount_price: product.discountPrice,
      wholesale_price: product.wholesalePrice,
      price_floor: product.priceFloor,
      category_id: product.categoryId,
      brand_id: product.brandId,
      stock: product.stock,
      infinite_stock: product.infiniteStock,
      has_sizes: product.hasSizes,
      featured: product.featured,
      recommended: product.recommended,
      specifications: product.specifications,
      unit: product.unit,
      no_line_limit: product.noLineLimit,
      weight_kg: product.weightKg,
      // Spread over the past months, in the order of the data files, so that 'newest' sorts.
      created_at: new Date(now.getTime() - (count - index) * 17 * HOUR).toISOString(),
    })),
  )
  await insertRows(
    db,
    `insert into product_options (id, product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price)
     select id, product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price
       from jsonb_to_recordset($1::jsonb) as r(id uuid, product_id uuid, position integer, size text, custom_id text,
            stock integer, infinite boolean, price numeric, discount_price numeric, wholesale_price numeric)`,
    catalogue.products.flatMap((product) =>
      product.options.map((option) => ({
        id: option.id,
        product_id: product.id,
        position: option.position,
        size: option.size,
        custom_id: option.customId,
        stock: option.stock,
        infinite: option.infinite,
        price: option.price,
        discount_price: option.discountPrice,
        wholesale_price: option.wholesalePrice,
      })),
    ),
  )
  await insertRows(
    db,
    `insert into product_images (product_id, url, is_primary, position)
     select product_id, url, position = 0, position
       from jsonb_to_recordset($1::jsonb) as r(product_id uuid, url text, position integer)`,
    catalogue.products.flatMap((product) =>
      (images.products.get(product.id) ?? []).map((url, position) => ({ product_id: product.id, url, position })),
    ),
  )
}

export type SaleInput = { title: string; description: string; startDate: Date; endDate: Date }

export async function insertSale(db: Queryable, catalogue: Catalogue, sale: SaleInput): Promise<void> {
  await db.query(
    `insert into sale_config (id, is_active, start_date, end_date, title, description, is_applied, handled_start_date)
     values (1, true, $1, $2, $3, $4, true, $1)
     on conflict (id) do update set is_active = true, start_date = $1, end_date = $2, title = $3,
       description = $4, is_applied = true, handled_start_date = $1, updated_at = now()`,
    [sale.startDate.toISOString(), sale.endDate.toISOString(), sale.title, sale.description],
  )
  await insertRows(
    db,
    `insert into sale_products (id, product_id, original_price, discount_percentage, discounted_price)
     select id, product_id, original_price, discount_percentage, discounted_price
       from jsonb_to_recordset($1::jsonb) as r(id uuid, product_id uuid, original_price numeric,
            discount_percentage integer, discounted_price numeric)`,
    catalogue.saleProducts.map((row) => ({
      id: row.id,
      product_id: row.productId,
      original_price: row.originalPrice,
      discount_percentage: row.discountPercentage,
      discounted_price: row.discountedPrice,
    })),
  )
}

export type SlideRow = {
  title: string
  description: string
  imageUrl: string
  mobileImageUrl: string
  link: string
  categoryId: string | null
  order: number
}

export async function insertSlides(db: Queryable, slides: SlideRow[]): Promise<void> {
  await insertRows(
    db,
    `insert into slides (title, description, image_url, mobile_image_url, link, category_id, is_active, sort_order)
     select title, description, image_url, mobile_image_url, link, category_id, true, sort_order
       from jsonb_to_recordset($1::jsonb) as r(title text, description text, image_url text,
            mobile_image_url text, link text, category_id uuid, sort_order integer)`,
    slides.map((slide) => ({
      title: slide.title,
      description: slide.description,
      image_url: slide.imageUrl,
      mobile_image_url: slide.mobileImageUrl,
      link: slide.link,
      category_id: slide.categoryId,
      sort_order: slide.order,
    })),
  )
}

export async function insertSettings(
  db: Queryable,
  settings: Record<string, unknown>,
  workHours: readonly { section: string; hours: string }[],
): Promise<void> {
  await insertRows(
    db,
    `insert into settings (key, value)
     select key, value from jsonb_to_recordset($1::jsonb) as r(key text, value jsonb)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    Object.entries(settings).map(([key, value]) => ({ key, value })),
  )
  await insertRows(
    db,
    `insert into work_hours (section, hours)
     select section, hours from jsonb_to_recordset($1::jsonb) as r(section text, hours text)
     on conflict (section) do update set hours = excluded.hours, updated_at = now()`,
    workHours,
  )
}

export async function insertRestaurant(db: Queryable, catalogue: Catalogue, images: DemoImages): Promise<void> {
  // Parents come before their children in the list, and the foreign key is checked per statement.
  await insertRows(
    db,
    `insert into restaurant_categories (id, name, description, parent_id)
     select id, name, description, parent_id
       from jsonb_to_recordset($1::jsonb) as r(id uuid, name text, description text, parent_id uuid)`,
    catalogue.menuCategories.map((category) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      parent_id: category.parentId,
    })),
  )
  await insertRows(
    db,
    `insert into restaurant_items (id, name, description, price, image, is_available, category_id, ingredients, allergens, featured)
     select id, name, description, price, image, is_available, category_id, ingredients, allergens, featured
       from jsonb_to_recordset($1::jsonb) as r(id uuid, name text, description text, price numeric, image text,
            is_available boolean, category_id uuid, ingredients text[], allergens text[], featured boolean)`,
    catalogue.menuItems.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      price: item.price,
      image: images.menuItems.get(item.id) ?? null,
      is_available: item.isAvailable,
      category_id: item.categoryId,
      ingredients: item.ingredients,
      allergens: item.allergens,
      featured: item.featured,
    })),
  )
}

export async function insertAccounts(
  db: Queryable,
  accounts: readonly (DemoAccount & { id: string; passwordHash: string })[],
): Promise<void> {
  await insertRows(
    db,
    `insert into users (id, email, password_hash, roles, is_verified)
     select id, email, password_hash, roles, true
       from jsonb_to_recordset($1::jsonb) as r(id uuid, email text, password_hash text, roles text[])`,
    accounts.map((account) => ({
      id: account.id,
      email: account.email,
      password_hash: account.passwordHash,
      roles: account.roles,
    })),
  )
  await insertRows(
    db,
    `insert into profiles (user_id, full_name, phone_number, street_address, city, state, zip_code, country,
                           gender, date_of_birth, newsletter_subscription)
     select user_id, full_name, phone_number, street_address, city, state, zip_code, 'Bosna i Hercegovina',
            gender, date_of_birth, newsletter_subscription
       from jsonb_to_recordset($1::jsonb) as r(user_id uuid, full_name text, phone_number text, street_address text,
            city text, state text, zip_code text, gender text, date_of_birth date, newsletter_subscription boolean)`,
    accounts.map(({ id, profile }) => ({
      user_id: id,
      full_name: profile.fullName,
      phone_number: profile.phoneNumber,
      street_address: profile.streetAddress,
      city: profile.city,
      state: profile.state,
      zip_code: profile.zipCode,
      gender: profile.gender,
      date_of_birth: profile.dateOfBirth,
      newsletter_subscription: profile.newsletterSubscription,
    })),
  )
}

export async function insertOrders(db: Queryable, userId: string, email: string, orders: OrderRow[]): Promise<void> {
  await insertRows(
    db,
    `insert into orders (id, user_id, email, status, total, shipping_cost, shipping_method, shipping_address, created_at, updated_at)
     select id, user_id, email, status, total, shipping_cost, shipping_method, shipping_address, created_at, created_at
       from jsonb_to_recordset($1::jsonb) as r(id uuid, user_id uuid, email text, status text, total numeric,
            shipping_cost numeric, shipping_method jsonb, shipping_address jsonb, created_at timestamptz)`,
    orders.map((order) => ({
      id: order.id,
      user_id: userId,
      email,
      status: order.status,
      total: order.total,
      shipping_cost: order.shippingCost,
      shipping_method: order.shippingMethod,
      shipping_address: order.shippingAddress,
      created_at: order.createdAt,
    })),
  )
  await insertRows(
    db,
    `insert into order_items (order_id, position, product_id, option_id, custom_id, name, custom_size, quantity, price, unit)
     select order_id, position, product_id, option_id, custom_id, name, custom_size, quantity, price,
            coalesce((select p.unit from products p where p.id = r.product_id), 'kom')
       from jsonb_to_recordset($1::jsonb) as r(order_id uuid, position integer, product_id uuid, option_id uuid,
            custom_id text, name text, custom_size text, quantity integer, price numeric)`,
    orders.flatMap((order) =>
      order.items.map((item) => ({
        order_id: order.id,
        position: item.position,
        product_id: item.productId,
        option_id: item.optionId,
        custom_id: item.customId,
        name: item.name,
        custom_size: item.customSize,
        quantity: item.quantity,
        price: item.price,
      })),
    ),
  )
}

/** Tells every API process that the catalogue changed (ARCHITECTURE: cached catalogue reads). */
export async function bumpCatalogueVersion(db: Queryable): Promise<void> {
  await db.query(`update cache_versions set version = version + 1 where name = 'catalogue'`)
}
