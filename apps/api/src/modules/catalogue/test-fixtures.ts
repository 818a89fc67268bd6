import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { Queryable, Database } from '../../platform/db.ts'
import { beforeAll } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'

// ---- Catalogue reads ----
// Catalogue rows for tests, written with plain SQL so that tests depend on neither the seed nor
// the staff modules. The schema's triggers fill the search and sort columns as for any writer.

export type OptionFixture = {
  size: string
  customId?: string | null
  stock?: number
  infinite?: boolean
  price?: number | null
  discountPrice?: number | null
  wholesalePrice?: number | null
}

export type ProductFixture = {
  customId: string
  name: string
  categoryId: string
  brandId?: string | null
  price?: number
  discountPrice?: number | null
  wholesalePrice?: number | null
  stock?: number
  infiniteStock?: boolean
  featured?: boolean
  recommended?: boolean
  shortDescription?: string | null
  description?: string | null
  specifications?: Array<{ name: string; value: string }>
  images?: Array<{ url: string; isPrimary?: boolean }>
  /** Options make a product with sizes. */
  options?: OptionFixture[]
}

export async function createCategory(db: Queryable, name: string, description: string | null = null): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into categories (name, description) values ($1, $2) returning id',
    [name, description],
  )
  return rows[0]!.id
}

export async function createBrand(db: Queryable, name: string, imageUrl: string | null = null): Promise<string> {
  const { rows } = await db.query<{ id: string }>('insert into brands (name, image_url) values ($1, $2) returning id', [
    name,
    imageUrl,
  ])
  return rows[0]!.id
}

export async function createProduct(db: Queryable, product: ProductFixture): Promise<string> {
  return (await insertProduct(db, product)).id
}

/** The product row, its options in order and its images; the option ids in the order given. */
export async function insertProduct(
  db: Queryable,
  product: ProductFixture,
): Promise<{ id: string; optionIds: string[] }> {
  const options = product.options ?? []
  const { rows } = await db.query<{ id: string }>(
    `insert into products (custom_id, name, category_id, brand_id, price, discount_price, wholesale_price, stock,
       infinite_stock, featured, recommended, short_description, description, specifications, has_sizes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
    [
      product.customId,
      product.name,
      product.categoryId,
      product.brandId ?? null,
      product.price ?? 10,
      product.discountPrice ?? null,
      product.wholesalePrice ?? null,
      product.stock ?? (options.length > 0 ? 0 : 5),
      product.infiniteStock ?? false,
      product.featured ?? false,
      product.recommended ?? false,
      product.shortDescription ?? null,
      product.description ?? null,
      JSON.stringify(product.specifications ?? []),
      options.length > 0,
    ],
  )
  const id = rows[0]!.id
  const optionIds: string[] = []
  for (const [position, option] of options.entries()) {
    const inserted = await db.query<{ id: string }>(
      `insert into product_options (product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        id,
        position,
        option.size,
        option.customId ?? null,
        option.stock ?? 0,
        option.infinite ?? false,
        option.price ?? null,
        option.discountPrice ?? null,
        option.wholesalePrice ?? null,
      ],
    )
    optionIds.push(inserted.rows[0]!.id)
  }
  for (const [position, image] of (product.images ?? []).entries()) {
    await db.query('insert into product_images (product_id, url, is_primary, position) values ($1, $2, $3, $4)', [
      id,
      image.url,
      image.isPrimary ?? position === 0,
      position,
    ])
  }
  return { id, optionIds }
}

/** Empties the catalogue between test cases (facet counts follow through their truncate trigger). */
export async function clearCatalogue(db: Queryable): Promise<void> {
  await db.query('truncate products, categories, brands, slides, sale_products cascade')
}

/** A small shop for the catalogue tests: tools, clothes with sizes, pipes; Bosnian names on purpose. */
export async function createTestCatalogue(db: Queryable) {
  const tools = await createCategory(db, 'Alati', 'Ručni i električni alati')
  const clothes = await createCategory(db, 'Odjeća')
  const pipes = await createCategory(db, 'Cijevi')
  const nails = await createCategory(db, 'Čavli')
  const makita = await createBrand(db, 'Makita', '/uploads/brands/makita.webp')
  const bosch = await createBrand(db, 'Bosch')
  const zutic = await createBrand(db, 'Žutić')
  const einhell = await createBrand(db, 'Einhell')

  const ids = {
    drill: await createProduct(db, {
      customId: '100001',
      name: 'Aku bušilica Makita DF333',
      categoryId: tools,
      brandId: makita,
      price: 199,
      discountPrice: 179,
      wholesalePrice: 150,
      stock: 3,
      recommended: true,
      shortDescription: 'Lagana aku bušilica 12 V',
      description: 'Bušilica za drvo i metal.\n- dvije baterije\n- kofer',
      specifications: [{ name: 'Napon', value: '12 V' }],
      images: [{ url: '/uploads/products/100001-1.webp' }, { url: '/uploads/products/100001-2.webp' }],
    }),
    hammerDrill: await createProduct(db, {
      customId: '100002',
      name: 'Udarna bušilica Bosch PSB',
      categoryId: tools,
      brandId: bosch,
      price: 149,
      wholesalePrice: 120,
      stock: 0,
    }),
    boschDrill: await createProduct(db, {
      customId: '100012',
      name: 'Aku bušilica Bosch GSR 18V',
      categoryId: tools,
      brandId: bosch,
      price: 259,
      stock: 7,
    }),
    hammer: await createProduct(db, {
      customId: '100003',
      name: 'Čekić Stanley 500 g',
      categoryId: tools,
      price: 25,
      stock: 10,
    }),
    mower: await createProduct(db, {
      customId: '100004',
      name: 'Kosilica Einhell GC',
      categoryId: tools,
      brandId: einhell,
      price: 399,
      stock: 2,
    }),
    bulb: await createProduct(db, {
      customId: '100005',
      name: 'LED sijalica E27',
      categoryId: tools,
      brandId: bosch,
      price: 5,
      stock: 0,
      infiniteStock: true,
    }),
    cistern: await createProduct(db, {
      customId: '100006',
      name: 'Vodokotlić Geberit',
      categoryId: pipes,
      price: 89,
      stock: 1,
    }),
    jigsaw: await createProduct(db, {
      customId: '100007',
      name: 'Ubodna pila Makita 4329',
      categoryId: tools,
      brandId: makita,
      price: 120,
      stock: 4,
    }),
    shirt: await createProduct(db, {
      customId: '200001',
      name: 'Radna majica',
      categoryId: clothes,
      brandId: zutic,
      price: 20,
      wholesalePrice: 14,
      options: [
        { size: 'S', customId: 'MJ-S-77', stock: 0 },
        { size: 'M', customId: 'MJ-M-77', stock: 5, price: 18 },
        { size: 'XL', customId: 'MJ-XL-77', stock: 0, price: 25, discountPrice: 21, wholesalePrice: 15 },
      ],
    }),
    trousers: await createProduct(db, {
      customId: '200002',
      name: 'Radne hlače',
      categoryId: clothes,
      brandId: zutic,
      price: 45,
      options: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 0 },
      ],
    }),
    cap: await createProduct(db, {
      customId: '200003',
      name: 'Zimska kapa',
      categoryId: clothes,
      price: 12,
      discountPrice: 9,
      stock: 6,
      featured: true,
    }),
    pipe: await createProduct(db, {
      customId: '981234',
      name: 'PPR cijev 20 mm',
      categoryId: pipes,
      price: 3,
      stock: 100,
      featured: true,
    }),
    // A name 0.86 similar to the drill's, in another category: recommended first for the drill.
    drillTwin: await createProduct(db, {
      customId: '100031',
      name: 'Aku bušilica Makita DF331',
      categoryId: pipes,
      brandId: makita,
      price: 300,
      stock: 2,
    }),
    // Shares only the first word with 'Zimska kapa': found when its list is short.
    jacket: await createProduct(db, {
      customId: '200004',
      name: 'Zimska jakna',
      categoryId: pipes,
      price: 60,
      stock: 3,
    }),
  }
  return { categories: { tools, clothes, pipes, nails }, brands: { makita, bosch, zutic, einhell }, ids }
}

export type TestCatalogue = Awaited<ReturnType<typeof createTestCatalogue>>

/**
 * The file's test app (useTestApp) holding the test catalogue, its response cache off unless the file is
 * about the cache (cache.test.ts).
 */
export function useCatalogueTestApp({ cache = false } = {}): { test: TestApp; shop: TestCatalogue } {
  const test = useTestApp(() => buildTestApp(cache ? {} : { CATALOGUE_CACHE: 'off' }))
  const shop = {} as TestCatalogue
  beforeAll(async () => {
    Object.assign(shop, await createTestCatalogue(test.db))
  })
  return { test, shop }
}

// ---- Products (staff) ----
export async function insertCategory(db: Database, name = 'Alati'): Promise<string> {
  const { rows } = await db.query<{ id: string }>('insert into categories (name) values ($1) returning id', [name])
  return rows[0]!.id
}

export async function insertBrand(db: Database, name = 'Bosch'): Promise<string> {
  const { rows } = await db.query<{ id: string }>('insert into brands (name) values ($1) returning id', [name])
  return rows[0]!.id
}

export async function catalogueVersion(db: Database): Promise<number> {
  const { rows } = await db.query<{ version: number }>("select version from cache_versions where name = 'catalogue'")
  return rows[0]!.version
}

export type AuditRow = {
  action: string
  entity: string
  entity_id: string | null
  actor_email: string | null
  before: unknown
  after: unknown
}

export async function auditRows(db: Database, entity: string, entityId?: string): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `select action, entity, entity_id, actor_email, before, after from audit_log
      where entity = $1 and ($2::text is null or entity_id = $2) order by id`,
    [entity, entityId ?? null],
  )
  return rows
}

export type FilePart = { field?: string; filename: string; contentType: string; content: Buffer }

/** A multipart/form-data body for app.inject: text fields first, then the files. */
export function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop-test-${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\n` +
          `content-type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Every file under DATA_DIR/uploads, relative to it. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads')
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort()
}

/** A 1x1 GIF: a real image of a type the shop does not take. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/** A PNG of one colour, large enough that the upload makes every variant. */
export function solidPng(
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}
