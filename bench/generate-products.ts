// Fills a database with a realistic generated catalogue for the benchmarks:
//
//   node --import tsx bench/generate-products.ts --database-url postgres://postgres@127.0.0.1:5432/shop_bench
//   node --import tsx bench/generate-products.ts --data-dir bench/.data/pglite [--count 100000] [--replace]
//
// The rows go in with INSERT ... SELECT FROM unnest(arrays) in batches, so the triggers of the
// schema keep the search and sort columns exactly as they would for staff writes.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { openDatabase, type Database, type Queryable } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import {
  seededRandom,
  type OptionRow as SeedOptionRow,
  type ProductRow as SeedProductRow,
} from '../apps/api/src/seed/catalogue.ts'
import {
  ADJECTIVES,
  BRANDS,
  BULLETS,
  CATEGORIES,
  DESCRIPTION_LINES,
  SHORT_SENTENCES,
  type CategorySeed,
} from './catalogue-vocabulary.ts'

const BATCH_SIZE = 5_000

// The demo seed's rows (apps/api/src/seed/catalogue.ts), as this script inserts them: the
// specifications as JSON text for unnest(), options by their product's id with a price of their own or none.
type ProductRow = Omit<SeedProductRow, 'specifications' | 'options' | 'picture'> & { specifications: string }
type OptionRow = Omit<SeedOptionRow, 'id' | 'price'> & { productId: string; price: number | null }

type ImageRow = { productId: string; url: string; isPrimary: boolean; position: number }

/** The demo seed's generator (mulberry32), seeded by number, so that every run builds the same catalogue. */
function createRandom(seed: number) {
  const next = seededRandom(`bench-${seed}`)
  return {
    next,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  }
}

type Random = ReturnType<typeof createRandom>

function shopPrice(random: Random, [low, high]: [number, number]): number {
  const raw = Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low)))
  const whole = Math.max(1, Math.floor(raw))
  return whole + random.pick([0, 0.5, 0.9, 0.99])
}

const round = (value: number) => Math.round(value * 100) / 100

function modelCode(random: Random, brand: string): string {
  const letters =
    brand
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase() || 'X'
  return `${letters}${random.integer(10, 9999)}${random.chance(0.3) ? random.pick(['', 'K', 'X', 'Plus', 'Pro']) : ''}`.trim()
}

function buildProduct(
  random: Random,
  index: number,
  category: CategorySeed & { id: string },
  brands: Array<{ id: string; name: string }>,
): { product: ProductRow; options: OptionRow[]; images: ImageRow[] } {
  const type = random.pick(category.types)
  const brand = random.chance(0.92) ? random.pick(brands) : null
  const spec = random.pick(category.specs)
  const specValue = random.pick(spec[1])
  const adjective = random.chance(0.25) ? ` ${random.pick(ADJECTIVES)}` : ''
  const name = `${type}${adjective} ${brand ? `${brand.name} ` : ''}${modelCode(random, brand?.name ?? type)} ${specValue}`
  const price = shopPrice(random, category.priceRange)
  const isDiscounted = random.chance(0.15)
  const discountPrice = isDiscounted ? round(price * (0.6 + random.next() * 0.35)) : null
  const wholesalePrice = random.chance(0.6) ? round(price * (0.7 + random.next() * 0.2)) : null
  const hasSizes = Boolean(category.sizes) && random.chance(category.sizedShare ?? 0)
  const id = randomUUID()
  const customId = String(100_000 + index)
  const stockRoll = random.next()
  const product: ProductRow = {
    id,
    customId,
    name,
    shortDescription: `${type} ${spec[0].toLowerCase()} ${specValue}. ${random.pick(SHORT_SENTENCES)}`,
    description: [
      `${type}${brand ? ` marke ${brand.name}` : ''} iz kategorije ${category.name.toLowerCase()}.`,
      random.pick(DESCRIPTION_LINES),
      random.pick(BULLETS),
      random.pick(BULLETS),
      random.pick(DESCRIPTION_LINES),
    ].join('\n'),
    price,
    discountPrice: discountPrice !== null && discountPrice < price ? discountPrice : null,
    wholesalePrice: wholesalePrice !== null && wholesalePrice < price ? wholesalePrice : null,
    // docs/decisions.md, 'Money rules': a discount below the wholesale price needs the owner's lower floor.
    priceFloor:
      discountPrice !== null && wholesalePrice !== null && discountPrice < wholesalePrice ? discountPrice : null,
    categoryId: category.id,
    brandId: brand?.id ?? null,
    stock: hasSizes ? 0 : stockRoll < 0.1 ? 0 : random.integer(1, 250),
    infiniteStock: !hasSizes && stockRoll > 0.95,
    hasSizes,
    featured: random.chance(0.01),
    recommended: random.chance(0.05),
    specifications: JSON.stringify(
      category.specs.map(([specName, values]) => ({
        name: specName,
        value: specName === spec[0] ? specValue : random.pick(values),
      })),
    ),
    unit: 'kom',
    noLineLimit: false,
    weightKg: null,
  }
  const options: OptionRow[] = []
  if (hasSizes && category.sizes) {
    const labels = random.pick(category.sizes)
    const everyOptionOut = random.chance(0.08)
    labels.forEach((label, position) => {
      const optionPrice = random.chance(0.5) ? round(price * (1 + position * 0.05)) : null
      options.push({
        productId: id,
        position,
        size: label,
        customId: `${customId}-${label.replace(/\s+/g, '').toUpperCase()}`,
        stock: everyOptionOut || random.chance(0.2) ? 0 : random.integer(1, 40),
        infinite: false,
        price: optionPrice,
        discountPrice: product.discountPrice !== null && optionPrice !== null ? round(optionPrice * 0.85) : null,
        wholesalePrice: product.wholesalePrice !== null && optionPrice !== null ? round(optionPrice * 0.8) : null,
      })
    })
  }
  const imageCount = random.integer(1, 3)
  const images: ImageRow[] = Array.from({ length: imageCount }, (_, position) => ({
    productId: id,
    url: `/uploads/products/${customId}-${position + 1}.webp`,
    isPrimary: position === 0,
    position,
  }))
  return { product, options, images }
}

async function insertProducts(client: Queryable, rows: ProductRow[]): Promise<void> {
  await client.query(
    `insert into products (id, custom_id, name, short_description, description, price, discount_price, wholesale_price,
       category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended, specifications)
     select id, custom_id, name, short_description, description, price, discount_price, wholesale_price,
       category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended, specifications::jsonb
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[],
         $9::uuid[], $10::uuid[], $11::int[], $12::boolean[], $13::boolean[], $14::boolean[], $15::boolean[], $16::text[])
         as rows(id, custom_id, name, short_description, description, price, discount_price, wholesale_price,
           category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended, specifications)`,
    columns(rows, [
      'id',
      'customId',
      'name',
      'shortDescription',
      'description',
      'price',
      'discountPrice',
      'wholesalePrice',
      'categoryId',
      'brandId',
      'stock',
      'infiniteStock',
      'hasSizes',
      'featured',
      'recommended',
      'specifications',
    ]),
  )
}

async function insertOptions(client: Queryable, rows: OptionRow[]): Promise<void> {
  await client.query(
    `insert into product_options (product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::int[], $6::boolean[], $7::numeric[], $8::numeric[], $9::numeric[])`,
    columns(rows, [
      'productId',
      'position',
      'size',
      'customId',
      'stock',
      'infinite',
      'price',
      'discountPrice',
      'wholesalePrice',
    ]),
  )
}

async function insertImages(client: Queryable, rows: ImageRow[]): Promise<void> {
  await client.query(
    `insert into product_images (product_id, url, is_primary, position)
     select * from unnest($1::uuid[], $2::text[], $3::boolean[], $4::int[])`,
    columns(rows, ['productId', 'url', 'isPrimary', 'position']),
  )
}

/** The rows' values column by column, in `keys` order: the arrays an INSERT ... SELECT FROM unnest(...) takes. */
function columns<Row, Key extends keyof Row>(rows: Row[], keys: Key[]): Row[Key][][] {
  return keys.map((key) => rows.map((row) => row[key]))
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

export async function generateProducts(
  db: Database,
  count: number,
  { replace = false, seed = 2000 } = {},
): Promise<void> {
  const { rows: existing } = await db.query<{ count: number }>('select count(*)::int as count from products')
  if ((existing[0]?.count ?? 0) > 0 && !replace) {
    throw new Error('The database already has products; pass --replace to delete the catalogue first.')
  }
  const random = createRandom(seed)
  const started = performance.now()
  await db.transaction(async (client) => {
    if (replace) await client.query('truncate products, categories, brands cascade')
    const categories: Array<CategorySeed & { id: string }> = []
    for (const category of CATEGORIES) {
      const { rows } = await client.query<{ id: string }>(
        'insert into categories (name, description) values ($1, $2) returning id',
        [category.name, `${category.name} za kuću, radionicu i gradilište.`],
      )
      categories.push({ ...category, id: rows[0]!.id })
    }
    const brands: Array<{ id: string; name: string }> = []
    for (const name of BRANDS) {
      const { rows } = await client.query<{ id: string }>(
        'insert into brands (name, image_url) values ($1, $2) returning id',
        [name, random.chance(0.7) ? `/uploads/brands/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.webp` : null],
      )
      brands.push({ id: rows[0]!.id, name })
    }
    // Categories differ in size, as in a real shop: weights 1..4.
    const weighted = categories.flatMap((category, index) => Array.from({ length: 1 + (index % 4) }, () => category))
    for (let start = 0; start < count; start += BATCH_SIZE) {
      const products: ProductRow[] = []
      const options: OptionRow[] = []
      const images: ImageRow[] = []
      for (let index = start; index < Math.min(count, start + BATCH_SIZE); index += 1) {
        const category = random.pick(weighted)
        const categoryBrands = brands.filter((_, brandIndex) => (brandIndex + index) % 3 !== 0 || brandIndex % 7 === 0)
        const built = buildProduct(random, index, category, categoryBrands)
        products.push(built.product)
        options.push(...built.options)
        images.push(...built.images)
      }
      await insertProducts(client, products)
      // Option and image rows would each touch their product through a trigger (refold, restate,
      // rebuild its JSON); with those triggers off, one update per batch does it once.
      await client.query('alter table product_options disable trigger product_options_fold_inserted')
      await client.query('alter table product_images disable trigger product_images_inserted')
      for (const batch of chunks(options, BATCH_SIZE)) await insertOptions(client, batch)
      for (const batch of chunks(images, BATCH_SIZE)) await insertImages(client, batch)
      await client.query('alter table product_options enable trigger product_options_fold_inserted')
      await client.query('alter table product_images enable trigger product_images_inserted')
      await client.query('update products set custom_id = custom_id where id = any($1::uuid[])', [
        products.map((row) => row.id),
      ])
      process.stdout.write(`\r${Math.min(count, start + BATCH_SIZE)} / ${count} products`)
    }
    await client.query("update cache_versions set version = version + 1 where name = 'catalogue'")
  })
  // Fresh GIN indexes keep new entries in a pending list until vacuum; searches would scan it.
  await db.query('vacuum analyze')
  process.stdout.write(`\n${count} products in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      count: { type: 'string', default: '100000' },
      replace: { type: 'boolean', default: false },
    },
  })
  if (!values['database-url'] && !values['data-dir']) {
    throw new Error('Give --database-url postgres://… or --data-dir <DATA_DIR of a stopped server>')
  }
  const db = await openDatabase({
    url: values['database-url'],
    directory: values['data-dir'] ? path.join(path.resolve(values['data-dir']), 'db') : undefined,
  })
  try {
    await migrate(db)
    await generateProducts(db, Number(values.count), { replace: values.replace })
  } finally {
    await db.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main()
