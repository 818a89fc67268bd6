// A sale's start and end at 10,000 or 100,000 products (target: the same at any size, at most 50 ms, all or nothing).
//
//   node --import tsx bench/admin-sales.ts
//   node --import tsx bench/admin-sales.ts --products 100000 --runs 5
//
// Creates the database 'shop_bench_sales' (or --database) on 127.0.0.1:5432 (dropped first), migrates it, writes
// N products through SQL (every fifth with three options, every seventh with a discount price of
// its own), puts all of them on sale, then times the timed job's transaction (syncSale: lock, flip
// sale_config.is_applied, audit, catalogue generation bump; docs/decisions.md 'Sales computed when read')
// at the start and at the end of the window, RUNS times. It checks that the prices charged (the SQL
// functions the orders read them with) change at the start and are exactly the old ones after each end,
// that no product row was written, and times the store's first page by price with the sale off and on.
// Last, it makes the switch fail mid-way (its audit line raises) and checks that nothing changed.
import fs from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { SYSTEM_ACTOR } from '../apps/api/src/platform/actor.ts'
import { openDatabase, type Database } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { syncSale } from '../apps/api/src/modules/sales/service.ts'
import { findProductPage } from '../apps/api/src/modules/catalogue/repo.ts'
import { recreateDatabase } from '../apps/api/test/support/scratch-database.ts'

const { values: options } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'shop_bench_sales' },
    // Keeps a database a run has generated (100,000 products on sale take half an hour on a loaded machine).
    reuse: { type: 'boolean', default: false },
    // The price checks read every product three times a run; later runs may time the switch alone.
    'checked-runs': { type: 'string' },
  },
})
const PRODUCTS = Number(options.products)
const RUNS = Number(options.runs)
const CHECKED_RUNS = Number(options['checked-runs'] ?? options.runs)
const BENCH_DATABASE = options.database
const BUDGET_MS = 50
const HOUR = 3_600_000

// The prices charged now (the functions of migration 0036 the orders and the cart read), and the stored rows.
const PRICES_SQL = `select md5(string_agg(p.id || ':' || p.price || ':' || coalesce(product_charged_discount(p)::text, '-') || ':' ||
       coalesce((select string_agg(o.size || '=' || coalesce(o.price::text, '-') || '/' || coalesce(option_charged_discount(p, o)::text, '-'), ',' order by o.size)
                   from product_options o where o.product_id = p.id), ''), ';' order by p.id)) as digest,
       count(*) filter (where product_charged_discount(p) is not null)::int as discounted,
       md5(string_agg(p.xmin::text, ',' order by p.id)) as rows_written
  from products p`

async function main() {
  const url = options.reuse
    ? new URL(BENCH_DATABASE, options['server-url'].replace(/[^/]*$/, '')).toString()
    : await recreateDatabase(options['server-url'], BENCH_DATABASE)
  // One connection, so that its server process is known and its CPU time can be read.
  const db = await openDatabase({ url, poolSize: 1 })
  if (!options.reuse) await generate(db)
  await timeSwitch(db)
  await db.close()
}

async function generate(db: Database) {
  await migrate(db)
  const generated = performance.now()
  await db.query(`insert into categories (name) values ('Bench')`)
  await db.query(
    `insert into products (custom_id, name, price, discount_price, category_id, stock, has_sizes)
     select 'S' || g, 'Proizvod ' || g, (5 + (g * 37) % 400)::numeric(12,2),
            case when g % 7 = 0 then (2 + (g * 37) % 400)::numeric(12,2) end,
            (select id from categories limit 1), 10, g % 5 = 0
       from generate_series(1, $1) g`,
    [PRODUCTS],
  )
  await db.query(
    `insert into product_options (product_id, position, size, stock, price, discount_price)
     select p.id, s.position, s.size, 5, case when s.position = 2 then p.price + 10 end,
            case when s.position = 1 then p.price - 1 end
       from products p cross join (values (0, 'S'), (1, 'M'), (2, 'L')) as s(position, size)
      where p.has_sizes`,
  )
  // Each entry restates its product's "sale on" columns (the sale_products trigger of migration 0036).
  await db.query(
    `insert into sale_products (product_id, original_price, discount_percentage, discounted_price)
     select id, price, 5 + (row_number() over (order by id) % 40)::int,
            round(price * (100 - (5 + (row_number() over (order by id) % 40))) / 100.0, 2)
       from products`,
  )
  await db.query('vacuum analyze')
  console.log(
    `${PRODUCTS} products (${PRODUCTS / 5} with 3 options, ${Math.floor(PRODUCTS / 7)} with their own discount), all on sale; generated in ${Math.round(performance.now() - generated)} ms`,
  )
}

async function timeSwitch(db: Database) {
  const start = Date.parse('2030-01-01T00:00:00Z')
  await db.query(
    `update sale_config set is_active = true, start_date = $1, end_date = $2, handled_start_date = null where id = 1`,
    [new Date(start).toISOString(), new Date(start + HOUR).toISOString()],
  )
  await db.query('insert into sale_config (id) values (1) on conflict do nothing')
  await db.query(
    `update sale_config set is_active = true, start_date = $1, end_date = $2, handled_start_date = null, is_applied = false where id = 1`,
    [new Date(start).toISOString(), new Date(start + HOUR).toISOString()],
  )
  type Prices = { digest: string; discounted: number; rows_written: string }
  const original = (await db.query<Prices>(PRICES_SQL)).rows[0]!

  // On a machine shared with other work the wall time says more about the neighbours than about
  // the sale; the database server's CPU time for the transaction (from /proc) does not.
  const backend = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  }
  const applyTimes: number[] = []
  const restoreTimes: number[] = []
  const applyCpu: number[] = []
  const restoreCpu: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    await db.query('update sale_config set handled_start_date = null where id = 1')
    let began = performance.now()
    let cpu = cpuMs()
    const applied = await syncSale(db, start + 1, SYSTEM_ACTOR)
    applyTimes.push(performance.now() - began)
    applyCpu.push(cpuMs() - cpu)
    const isChecked = run < CHECKED_RUNS
    const during = isChecked ? (await db.query<Prices>(PRICES_SQL)).rows[0]! : undefined
    began = performance.now()
    cpu = cpuMs()
    const restored = await syncSale(db, start + HOUR + 1, SYSTEM_ACTOR)
    restoreTimes.push(performance.now() - began)
    restoreCpu.push(cpuMs() - cpu)
    if (applied.changed !== 'applied' || restored.changed !== 'restored') throw new Error('the job did not run')
    if (!during) continue
    const after = (await db.query<Prices>(PRICES_SQL)).rows[0]!
    if (during.digest === original.digest) throw new Error('applying changed nothing')
    if (after.digest !== original.digest) throw new Error('restoring did not give back every price exactly')
    if (during.rows_written !== original.rows_written || after.rows_written !== original.rows_written) {
      throw new Error('the switch wrote product rows')
    }
    if (run === 0) {
      console.log(
        `discounted products: ${original.discounted} before, ${during.discounted} during, ${after.discounted} after`,
      )
    }
  }
  const line = (name: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b)
    const worst = sorted.at(-1) ?? 0
    console.log(
      `${name.padEnd(20)} runs ${times.length}  min ${sorted[0]!.toFixed(0)} ms  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms  max ${worst.toFixed(0)} ms  ${worst < BUDGET_MS ? 'within' : 'OVER'} ${BUDGET_MS} ms`,
    )
  }
  console.log(
    `load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} on ${os.availableParallelism()} cores`,
  )
  line('start', applyTimes)
  line('end', restoreTimes)
  line('start, database CPU', applyCpu)
  line('end, database CPU', restoreCpu)
  console.log(
    `every price charged after the end equals the price before the start, and differs during the sale (md5 over products and options); no product row written (checked in ${Math.min(CHECKED_RUNS, RUNS)} of ${RUNS} runs)`,
  )

  // The store's first page by price, uncached, with the sale off and on: each set of columns read from its index.
  for (const isSaleOn of [false, true]) {
    const pageTimes: number[] = []
    for (let run = 0; run < 30; run += 1) {
      const began = performance.now()
      await findProductPage(db, {
        sort: 'price-asc',
        limit: 30,
        offset: 0,
        withWholesale: false,
        isSaleOn,
        view: 'card',
      })
      pageTimes.push(performance.now() - began)
    }
    const sorted = pageTimes.sort((a, b) => a - b)
    console.log(
      `first page by price, sale ${isSaleOn ? 'on ' : 'off'}: median ${sorted[15]!.toFixed(2)} ms, p95 ${sorted[28]!.toFixed(2)} ms (30 runs)`,
    )
  }

  // All or nothing: the switch's audit line fails; the sale must not be switched on.
  await db.query(`create function bench_fail() returns trigger language plpgsql as $$
    begin raise exception 'bench: failing on purpose'; end $$`)
  await db.query('create trigger bench_fail before insert on audit_log for each row execute function bench_fail()')
  await db.query('update sale_config set handled_start_date = null where id = 1')
  const failed = await syncSale(db, start + 1, SYSTEM_ACTOR).then(
    () => false,
    () => true,
  )
  const afterFailure = (await db.query<Prices>(PRICES_SQL)).rows[0]!
  const config = (await db.query<{ is_applied: boolean }>('select is_applied from sale_config')).rows[0]!
  console.log(
    `failure mid-apply: ${failed ? 'rolled back' : 'DID NOT FAIL'}; prices ${afterFailure.digest === original.digest ? 'unchanged' : 'CHANGED'}; is_applied ${config.is_applied}`,
  )
  await db.query('drop trigger bench_fail on audit_log')
  await db.query('drop function bench_fail()')
}

await main()
