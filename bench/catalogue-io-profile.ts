// Where an import's apply spends its time (docs/decisions.md, 'Catalogue in a spreadsheet'): the bench's
// 10,000-row files applied once, every statement of the write timed; with --explain each INSERT/UPDATE is first
// run under EXPLAIN ANALYZE in a savepoint that is rolled back, whose output names the time of each trigger.
//
//   node --import tsx bench/catalogue-io-profile.ts [--explain]                  # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/catalogue-io-profile.ts [--explain]
import { openDatabase, type Database, type Queryable } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { databaseUrlOn, recreateDatabase } from '../apps/api/test/support/scratch-database.ts'
import { multipart, productsFile, startSpreadsheetApp } from './spreadsheet-import.ts'

function csvFile(priceOf: (index: number) => string, stockOf: (index: number) => number): Buffer {
  return productsFile({
    name: (index) => `Čekić ${index}`,
    price: priceOf,
    stock: stockOf,
    description: (index) => `Opis ${index}`,
  })
}

const server = process.env.DATABASE_URL
let db: Database
if (server) {
  await recreateDatabase(server, 'shop_bench_catalogue_profile')
  db = await openDatabase({ url: databaseUrlOn(server, 'shop_bench_catalogue_profile'), poolSize: 4 })
} else db = await openDatabase({})
await migrate(db)

let explain = false
const originalTransaction = db.transaction.bind(db)
db.transaction = ((work: (client: Queryable) => Promise<unknown>) =>
  originalTransaction((client) => {
    const timed: Queryable = {
      query: (async (text: string, values?: unknown[]) => {
        const started = performance.now()
        const label = text.replace(/\s+/g, ' ').trim().slice(0, 90)
        if (explain && /^\s*(update|insert)/i.test(text)) {
          // Explained in a savepoint that is rolled back, then run for real (its RETURNING rows are needed).
          await client.query('savepoint profile')
          const { rows } = await client.query(`explain (analyze, costs off) ${text}`, values)
          await client.query('rollback to savepoint profile')
          const lines = rows.map((row: Record<string, string>) => row['QUERY PLAN'] ?? '')
          console.log(`${(performance.now() - started).toFixed(0).padStart(7)} ms  ${label}`)
          for (const line of lines) if (/Trigger|Execution Time|^\S/.test(line)) console.log(`            ${line}`)
        }
        const result = await client.query(text, values)
        const ms = performance.now() - started
        if (ms > 20) console.log(`${ms.toFixed(0).padStart(7)} ms  ${label}`)
        return result
      }) as Queryable['query'],
    }
    return work(timed)
  })) as Database['transaction']

const { app, headers, close } = await startSpreadsheetApp(db, 'catalogue-profile')

async function apply(name: string, content: Buffer): Promise<void> {
  const body = multipart(content)
  console.log(`\n== ${name}`)
  const started = performance.now()
  const response = await app.inject({
    method: 'POST',
    url: `/api/products/import?mode=upsert&dryRun=false`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
  console.log(
    `total ${(performance.now() - started).toFixed(0)} ms: ${response.statusCode} ${response.body.slice(0, 120)}`,
  )
}
try {
  explain = process.argv.includes('--explain')
  await apply(
    'apply, 10,000 new products',
    csvFile(
      () => '10,50',
      (index) => index % 50,
    ),
  )
  await apply(
    'apply, 10,000 changed prices',
    csvFile(
      (index) => `${10 + (index % 90)},${String(index % 100).padStart(2, '0')}`,
      (index) => index % 50,
    ),
  )
  await apply(
    'apply, 10,000 changed stock',
    csvFile(
      (index) => `${10 + (index % 90)},${String(index % 100).padStart(2, '0')}`,
      (index) => (index % 50) + 1,
    ),
  )
} finally {
  await close()
  await db.close()
}
