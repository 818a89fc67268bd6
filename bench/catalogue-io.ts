// The catalogue in a spreadsheet at 10,000 rows (docs/decisions.md, 'Catalogue in a spreadsheet'; target:
// each step under 10 s):
//
//   node --import tsx bench/catalogue-io.ts                       # PGlite (in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/catalogue-io.ts
//
// On an empty shop (one category, one brand) it imports 10,000 new products from a CSV (dry run, then
// apply), then the same file with every price changed (dry run, apply: 10,000 updates), then exports the
// 10,000 products as CSV and XLSX, all through the real routes (app.inject with an admin's token). Names
// carry č ć đ š ž and Cyrillic. Then 10,000 rows of options (2,500 new products with four sizes each) are applied,
// and the same file with every option's stock changed. Each step prints its time and the process's peak RSS and heap while it ran
// (sampled every 10 ms), and the table is appended to bench/RESULTS.md. With DATABASE_URL the steps run
// on a database 'shop_bench_catalogue_io' created (dropped first) on that server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { databaseUrlOn, recreateDatabase } from '../apps/api/test/support/scratch-database.ts'
import { measurePeaks } from './bench-database.ts'
import { ROWS, csvOf, multipart, productsFile, startSpreadsheetApp } from './spreadsheet-import.ts'

const TARGET_MS = 10_000
const NAMES = [
  'Čekić kovački',
  'Ćuskija čelična',
  'Đubrivo za vrt',
  'Šarafciger križni',
  'Žica pocinčana',
  'Гвоздени ексер',
  'Кабл бакарни',
]

function csvFile(priceOf: (index: number) => string): Buffer {
  return productsFile({
    name: (index) => `${NAMES[index % NAMES.length]} ${index}`,
    price: priceOf,
    stock: (index) => index % 50,
    description: (index) => `Opis proizvoda ${index}`,
  })
}

const SIZES = ['S', 'M', 'L', 'XL']

/** 10,000 rows of 2,500 products with four sizes each (one row per option). */
function sizesFile(stockOf: (index: number) => number): Buffer {
  const lines: string[] = []
  for (let index = 0; index < ROWS; index += 1) {
    const product = Math.floor(index / SIZES.length)
    const size = SIZES[index % SIZES.length]!
    const code = `V-${String(product).padStart(5, '0')}`
    const name = `${NAMES[product % NAMES.length]} ${product}`
    lines.push(
      `${code};${code}-${size.toLowerCase()};${size};${name};Alati;Bosch;12,00;;;${stockOf(index)};ne;kom;Opis ${product}`,
    )
  }
  return csvOf(lines)
}

type Step = { name: string; ms: number; rssMb: number; heapMb: number; note: string }

async function measure(name: string, work: () => Promise<string>): Promise<Step> {
  const { result: note, ms, rssMb, heapMb } = await measurePeaks(work, 10)
  const step = { name, ms, rssMb, heapMb, note }
  console.log(
    `${name}: ${(ms / 1000).toFixed(2)} s, peak RSS ${rssMb.toFixed(0)} MB, peak heap ${heapMb.toFixed(0)} MB (${note})`,
  )
  return step
}

// BENCH_MIGRATIONS_DIR: another directory of migrations (to measure the schema before a migration).
const migrations = process.env.BENCH_MIGRATIONS_DIR
async function openBench(): Promise<{ db: Database; label: string }> {
  const server = process.env.DATABASE_URL
  const schema = migrations ? ` (migrations of ${path.basename(migrations)})` : ''
  if (!server) {
    const db = await openDatabase({})
    await migrate(db, migrations)
    return { db, label: `PGlite${schema}` }
  }
  await recreateDatabase(server, 'shop_bench_catalogue_io')
  const db = await openDatabase({ url: databaseUrlOn(server, 'shop_bench_catalogue_io'), poolSize: 10 })
  await migrate(db, migrations)
  return { db, label: `PostgreSQL${schema}` }
}

const { db, label } = await openBench()
const { app, headers, close } = await startSpreadsheetApp(db, 'catalogue-io')

async function importCsv(content: Buffer, dryRun: boolean): Promise<string> {
  const body = multipart(content)
  const response = await app.inject({
    method: 'POST',
    url: `/api/products/import?mode=upsert&dryRun=${dryRun}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
  if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${response.body}`)
  const report = JSON.parse(response.body) as { created: number; updated: number; unchanged: number; errors: unknown[] }
  if (report.errors.length > 0) throw new Error(`import reported errors: ${JSON.stringify(report.errors.slice(0, 3))}`)
  return `created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}`
}

async function exportAs(fileFormat: 'csv' | 'xlsx'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/products/export?format=${fileFormat}`, headers })
  if (response.statusCode !== 200) throw new Error(`export answered ${response.statusCode}`)
  return `${(response.rawPayload.length / 2 ** 20).toFixed(1)} MB`
}

const created = csvFile(() => '10,50')
const changed = csvFile((index) => `${10 + (index % 90)},${String(index % 100).padStart(2, '0')}`)
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')
const loadBefore = loadAverage()
const steps: Step[] = []
try {
  steps.push(await measure('dry run, 10,000 new rows', () => importCsv(created, true)))
  steps.push(await measure('apply, 10,000 new products', () => importCsv(created, false)))
  steps.push(await measure('dry run, 10,000 changed prices', () => importCsv(changed, true)))
  steps.push(await measure('apply, 10,000 changed prices', () => importCsv(changed, false)))
  steps.push(await measure('export CSV, 10,000 products', () => exportAs('csv')))
  steps.push(await measure('export XLSX, 10,000 products', () => exportAs('xlsx')))
  steps.push(
    await measure('apply, 10,000 options of 2,500 new products', () =>
      importCsv(
        sizesFile((index) => index % 7),
        false,
      ),
    ),
  )
  steps.push(
    await measure('apply, 10,000 changed option stocks', () =>
      importCsv(
        sizesFile((index) => (index % 7) + 1),
        false,
      ),
    ),
  )
} finally {
  await close()
  await db.close()
}

const table = [
  '',
  `## Catalogue in a spreadsheet, ${label} (${new Date().toISOString().slice(0, 10)}, bench/catalogue-io.ts, ${os.cpus().length} cores)`,
  '',
  `Load average (1 / 5 / 15 min) ${loadBefore} before, ${loadAverage()} after.`,
  '',
  '| step | time s | peak RSS MB | peak heap MB | answer | under 10 s |',
  '|---|---:|---:|---:|---|---|',
  ...steps.map(
    (step) =>
      `| ${step.name} | ${(step.ms / 1000).toFixed(2)} | ${step.rssMb.toFixed(0)} | ${step.heapMb.toFixed(0)} | ${step.note} | ${step.ms < TARGET_MS ? 'yes' : 'NO'} |`,
  ),
  '',
].join('\n')
fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), table)
console.log(table)
