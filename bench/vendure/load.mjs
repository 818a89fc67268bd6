// Vendure's catalogue for the bench (docs/decisions-vendure.md, 'The loader'):
//
//   node bench/vendure/load.mjs --from postgres://postgres@127.0.0.1:5432/shop_bench_list
//     [--database vendure_bench] [--port 3681] [--postgres-url postgres://postgres@127.0.0.1:5432]
//
// Creates the database `--database` again, lets Vendure make its schema and its initial data (one country, zone and
// tax rate; no products), then copies the products of our generated catalogue (`--from`, filled by
// bench/generated-catalogue.ts) into Vendure's tables in one transaction of set-based SQL: per product one
// product, one variant (same name, price, stock), one asset (its first picture) and its category as a collection.
// Last, Vendure's own reindex job (the DefaultSearchPlugin) builds the search index the Shop API's `search` reads.
import { parseArgs } from 'node:util'
import pg from 'pg'
import {
  bootstrap,
  ConfigService,
  DefaultLogger,
  JobQueueService,
  LogLevel,
  RequestContextService,
  SearchService,
} from '@vendure/core'
import { populate } from '@vendure/core/cli/index.js'
import { vendureConfig } from './vendure-config.mjs'

const { values: options } = parseArgs({
  options: {
    from: { type: 'string' },
    database: { type: 'string', default: 'vendure_bench' },
    port: { type: 'string', default: '3681' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
})
if (!options.from) throw new Error('--from <our generated catalogue database url> is required')
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)

const admin = new pg.Client({ connectionString: `${options['postgres-url']}/postgres` })
await admin.connect()
await admin.query(`drop database if exists "${options.database}" with (force)`)
await admin.query(`create database "${options.database}"`)
await admin.end()

const config = {
  ...vendureConfig({ postgresUrl: options['postgres-url'], database: options.database, port: Number(options.port) }),
  logger: new DefaultLogger({ level: LogLevel.Warn }),
}
const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Europe',
  countries: [{ name: 'Bosnia and Herzegovina', code: 'BA', zone: 'Europe' }],
  taxRates: [{ name: 'PDV', percentage: 17 }],
  shippingMethods: [],
  paymentMethods: [],
  collections: [],
}
// The server process, not a worker: the in-memory job queue (the config's) runs only there.
const app = await bootstrap(config)
await populate(async () => app, initialData)
console.log(`schema and initial data: ${seconds()} s`)

const source = new pg.Client({ connectionString: options.from })
await source.connect()
const { rows: products } = await source.query(
  `select p.name, p.custom_id, (p.effective_price * 100)::int as price, p.stock, p.infinite_stock, p.is_available,
          c.name as category, p.category_id,
          (select i.url from product_images i where i.product_id = p.id order by i.is_primary desc, i.position limit 1) as picture
     from products p join categories c on c.id = p.category_id
    order by p.custom_id`,
)
await source.end()

const target = new pg.Client({ connectionString: `${options['postgres-url']}/${options.database}` })
await target.connect()
try {
  await target.query('begin')
  await target.query(`update channel set "defaultCurrencyCode" = 'BAM', "availableCurrencyCodes" = 'BAM',
                        "pricesIncludeTax" = true`)
  await target.query(
    `create temporary table source_products on commit drop as
       select n::int, name, slug, price, stock, enabled, category, picture
         from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::bool[], $6::text[], $7::text[])
              with ordinality as s(name, slug, price, stock, enabled, category, picture, n)`,
    [
      products.map((product) => product.name),
      products.map((product) => `${product.custom_id}-${product.name}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')),
      products.map((product) => product.price),
      // In stock exactly when our product is available (a product with sizes is available through its options' stock).
      products.map((product) =>
        product.infinite_stock ? 1_000_000 : product.is_available ? Math.max(product.stock, 1) : 0,
      ),
      // Every product is published, as ours are; availability is the stock's.
      products.map(() => true),
      products.map((product) => product.category),
      products.map((product) => product.picture ?? '/uploads/products/none.webp'),
    ],
  )
  for (const statement of [
    `insert into asset (id, type, "mimeType", width, height, "fileSize", source, preview)
       select n, 'IMAGE', 'image/webp', 800, 800, 40000, picture, picture from source_products`,
    `insert into asset_translation ("languageCode", name, "baseId") select 'en', slug || '.webp', n from source_products`,
    `insert into asset_channels_channel ("assetId", "channelId") select n, 1 from source_products`,
    `insert into product (id, enabled, "featuredAssetId") select n, enabled, n from source_products`,
    `insert into product_translation ("languageCode", name, slug, description, "baseId")
       select 'en', name, slug, '', n from source_products`,
    `insert into product_channels_channel ("productId", "channelId") select n, 1 from source_products`,
    `insert into product_asset ("assetId", position, "productId") select n, 0, n from source_products`,
    `insert into product_variant (id, enabled, sku, "taxCategoryId", "productId")
       select n, enabled, 'SKU-' || n, (select min(id) from tax_category), n from source_products`,
    `insert into product_variant_translation ("languageCode", name, "baseId") select 'en', name, n from source_products`,
    `insert into product_variant_price ("currencyCode", "channelId", price, "variantId")
       select 'BAM', 1, price, n from source_products`,
    `insert into product_variant_channels_channel ("productVariantId", "channelId") select n, 1 from source_products`,
    `insert into stock_level ("stockOnHand", "stockAllocated", "productVariantId", "stockLocationId")
       select stock, 0, n, (select min(id) from stock_location) from source_products`,
    // The root collection as Vendure makes it on first use, and one collection per category under it.
    `insert into collection (id, "isRoot", position, filters, "inheritFilters") values (1, true, 0, '[]', false)`,
    `insert into collection_translation ("languageCode", name, slug, description, "baseId")
       values ('en', '__root_collection__', '__root_collection__', 'The root of the Collection tree.', 1)`,
    `create temporary table source_categories on commit drop as
       select (1 + row_number() over (order by category))::int as id, category,
              lower(regexp_replace(category, '[^A-Za-z0-9]+', '-', 'g')) as slug
         from (select distinct category from source_products) c`,
    `insert into collection (id, "isRoot", position, filters, "inheritFilters", "parentId")
       select id, false, id, '[]', false, 1 from source_categories`,
    `insert into collection_translation ("languageCode", name, slug, description, "baseId")
       select 'en', category, slug, '', id from source_categories`,
    `insert into collection_channels_channel ("collectionId", "channelId") select id, 1 from source_categories`,
    `insert into collection_product_variants_product_variant ("collectionId", "productVariantId")
       select c.id, p.n from source_products p join source_categories c using (category)`,
    `select setval('asset_id_seq', (select max(id) from asset)), setval('product_id_seq', (select max(id) from product)),
            setval('product_variant_id_seq', (select max(id) from product_variant)),
            setval('collection_id_seq', (select max(id) from collection))`,
  ])
    await target.query(statement)
  await target.query('commit')
} finally {
  await target.end()
}
console.log(`${products.length} products copied: ${seconds()} s`)

await app.get(JobQueueService).start()
const ctx = await app.get(RequestContextService).create({ apiType: 'admin' })
const job = await app.get(SearchService).reindex(ctx)
// Polled by hand: job.updates() never sees the in-memory queue's job change (it compares the job with itself).
const jobs = app.get(ConfigService).jobQueueOptions.jobQueueStrategy
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const state = (await jobs.findOne(job.id))?.state
  if (state === 'COMPLETED') break
  if (state !== 'PENDING' && state !== 'RUNNING' && state !== 'RETRYING') throw new Error(`reindex: ${state}`)
}
console.log(`search index built by Vendure's reindex: ${seconds()} s`)
// Statistics and no dead rows, as autovacuum would leave a shop's database some time later: the measured queries
// are planned on them (docs/decisions-vendure.md, 'The loader').
const analyse = new pg.Client({ connectionString: `${options['postgres-url']}/${options.database}` })
await analyse.connect()
await analyse.query('vacuum analyze')
await analyse.end()
console.log(`vacuum analyze: ${seconds()} s`)
await app.close()
