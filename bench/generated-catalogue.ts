import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { ensureDatabase } from '../apps/api/test/support/scratch-database.ts'
import { POSTGRES_SERVER } from './bench-options.ts'
import { generateProducts } from './generate-products.ts'

// What the storefront benchmarks over generated products share (bench/pages.ts, bench/store-list.ts): their
// database, answers per second that fail on anything but 200, and bare Fastify sending the same bytes.

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The command line of the benchmarks over the generated catalogue (benchOptions' defaults; a bench may change a
 * default or add its own): the catalogue's size and database, the PostgreSQL server, the seconds of a measurement.
 * bench/store-list.ts and bench/vendure/list.ts measure the same database.
 */
export const GENERATED_CATALOGUE_OPTIONS = {
  products: 10_000,
  duration: 10,
  database: 'shop_bench_list',
  'postgres-url': POSTGRES_SERVER,
}

/** A generated catalogue's database on the server: its address and the facts the benchmarks ask it. */
export type GeneratedCatalogue = {
  url: string
  /** The category with the most products (the store's heaviest grid). */
  largestCategoryId: string
  /** The first available product, by recommendation then id. */
  productId: string
}

/**
 * The database `name` on the server at `serverUrl` (without a database name), migrated and holding exactly `products`
 * generated products (bench/generate-products.ts): generated again only when the count differs.
 */
export async function openGeneratedCatalogue(
  serverUrl: string,
  name: string,
  products: number,
): Promise<GeneratedCatalogue> {
  await ensureDatabase(`${serverUrl}/postgres`, name)
  const url = `${serverUrl}/${name}`
  const db = await openDatabase({ url })
  try {
    await migrate(db)
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from products')
    if (rows[0]?.count !== products) {
      console.log(`generating ${products} products (had ${rows[0]?.count ?? 0})`)
      await generateProducts(db, products, { replace: true })
    }
    const { rows: largest } = await db.query<{ category_id: string }>(
      'select category_id from product_facet_counts group by 1 order by sum(product_count) desc limit 1',
    )
    const { rows: product } = await db.query<{ id: string }>(
      'select id from products where is_available order by recommended desc, id limit 1',
    )
    return { url, largestCategoryId: largest[0]!.category_id, productId: product[0]!.id }
  } finally {
    await db.close()
  }
}

/** Answers per second to GET `urlPath` over `seconds` at `connections`; any answer but 200, an error or a timeout fails. */
export async function answersPerSecond(
  base: string,
  urlPath: string,
  connections: number,
  seconds: number,
): Promise<number> {
  let failures = 0
  const instance = autocannon({ url: `${base}${urlPath}`, connections, duration: seconds, timeout: 30 })
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode !== 200) failures += 1
  })
  const result = await instance
  if (failures + result.errors + result.timeouts > 0) {
    throw new Error(
      `${urlPath}: ${failures} answers were not 200, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  }
  return result.requests.total / seconds
}

/** The ceiling: bare Fastify (bench/bare-server.ts) answering /api/products with `body` as it is. */
export async function startBareServer(body: string): Promise<ApiProcess> {
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-')), 'body')
  fs.writeFileSync(bodyFile, body)
  return startApiProcess({
    script: path.join(ROOT, 'bench', 'bare-server.ts'),
    args: [bodyFile],
    readyPath: '/api/health',
  })
}
