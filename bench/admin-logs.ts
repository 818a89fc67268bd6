// System logs over a million audit rows (ARCHITECTURE: Performance budgets, "staff reads"):
//
//   node --import tsx bench/admin-logs.ts
//   node --import tsx bench/admin-logs.ts --rows 1000000 --runs 60 --keep
//
// Creates the database 'shop_bench_logs' on 127.0.0.1:5432 (dropped first unless --keep finds it
// filled), migrates it, writes N audit rows over 2025 and 2026 with one INSERT ... generate_series
// (staff writes by 25 staff members, order status changes, refused sign-ins of 5,000 e-mails,
// lock-outs, role and sale events, each with a before/after document of a few hundred bytes),
// vacuums, then calls the API on the real app (in-process, app.inject, an admin's token, a pool of
// 10 connections as in production): the first page, deep pages, each filter and filter pair, a
// details call and the filter lists, and prints p50/p95/max against the 50 ms budget.
import os from 'node:os'
import pg from 'pg'
import { auditLogQuery } from '@shop/shared/schemas/admin-logs.ts'
import { encodeCursor, listAuditLog } from '../apps/api/src/modules/audit-log/service.ts'
import type { Database } from '../apps/api/src/platform/db.ts'
import { WARM_UP_CALLS, openBenchDatabase, staffBenchOptions, percentile, startBenchApp } from './bench-database.ts'

const { rows: ROWS, runs: RUNS, ...options } = staffBenchOptions({ rows: 1_000_000, keep: false })
const BENCH_DATABASE = 'shop_bench_logs'
const BUDGET_MS = 50

/**
 * A shop's log, roughly: most rows are staff edits and order status changes, one in ten a refused
 * sign-in (no actor; the e-mail tried in `after`), a few lock-outs, role changes and sale events.
 */
async function generate(client: pg.Client): Promise<string> {
  await client.query(
    `insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, ip, created_at)
     select case when kind = 'sign_in' then null else gen_random_uuid() end,
            case when kind = 'sign_in' then null else 'osoblje' || (1 + (g * 7) % 25) || '@trgovina.ba' end,
            action, entity, entity_id,
            case when action in ('create', 'sign_in_failed', 'sign_in_locked') then null
                 else jsonb_build_object('name', 'Proizvod Čćžšđ ' || (g % 5000), 'price', (g % 400) + 0.5,
                        'stock', g % 30, 'status', 'pending', 'description', repeat('Opis proizvoda. ', 8)) end,
            case when kind = 'sign_in' then jsonb_build_object('email', 'kupac' || (g % 5000) || '@mail.ba',
                        'ip', '10.0.' || (g % 200) || '.1', 'reason', 'wrong_password')
                 when action = 'delete' then null
                 else jsonb_build_object('name', 'Proizvod Čćžšđ ' || (g % 5000), 'price', (g % 400) + 1.5,
                        'stock', g % 31, 'status', 'processing', 'description', repeat('Opis proizvoda. ', 8)) end,
            '10.1.' || (g % 250) || '.' || (g % 7),
            timestamptz '2025-01-01 00:00:00+00' + (g::float8 / $1) * interval '700 days' + random() * interval '1 minute'
       from (
         select g, r,
                case when r < 0.10 then 'sign_in' else 'staff' end as kind,
                case when r < 0.0998 then 'sign_in_failed' when r < 0.10 then 'sign_in_locked'
                     when r < 0.30 then 'order.status' when r < 0.32 then 'order.cancel'
                     when r < 0.34 then 'profile_updated' when r < 0.345 then 'user.role_added'
                     when r < 0.347 then 'user.password_set' when r < 0.348 then 'sale.started'
                     when r < 0.349 then 'sale.ended' when r < 0.50 then 'create'
                     when r < 0.55 then 'delete' else 'update' end as action,
                case when r < 0.10 then 'user' when r < 0.32 then 'order' when r < 0.345 then 'profile'
                     when r < 0.347 then 'user' when r < 0.349 then 'sale'
                     else (array['product', 'product', 'product', 'product', 'category', 'brand', 'slide',
                                 'menu_item', 'menu_item', 'settings'])[1 + (g % 10)] end as entity,
                (g % 50000)::text as entity_id
           from (select g, random() as r from generate_series(1, $1) g) numbered
       ) s`,
    [ROWS],
  )
  // A rare entity: a few hundred work-hours saves.
  await client.query(
    `update audit_log set entity = 'work_hours', entity_id = 'store' where entity = 'settings' and id % 300 = 9`,
  )
  await client.query('vacuum analyze audit_log')
  const { rows } = await client.query<{ count: string; size: string }>(
    `select count(*) as count, pg_size_pretty(pg_total_relation_size('audit_log')) as size from audit_log`,
  )
  return `${rows[0]!.count} audit rows (${rows[0]!.size} with indexes)`
}

/**
 * The list query's own time inside PostgreSQL (EXPLAIN ANALYZE 'Execution Time'), through the real
 * service: the database wrapper runs the query the service builds under EXPLAIN and answers no rows.
 * On a loaded machine the HTTP figure carries the waits for a CPU; this one shows the query alone.
 */
async function databaseTime(db: Database, callUrl: string): Promise<number | undefined> {
  const url = new URL(callUrl, 'http://bench')
  if (url.pathname !== '/api/logs') return undefined
  let executionMs = 0
  const explaining = {
    ...db,
    query: async (sql: string, values?: unknown[]) => {
      const { rows } = await db.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        `explain (analyze, format json) ${sql}`,
        values,
      )
      executionMs = rows[0]!['QUERY PLAN'][0]['Execution Time']
      return { rows: [], rowCount: 0 }
    },
  } as unknown as Database
  await listAuditLog(explaining, auditLogQuery.parse(Object.fromEntries(url.searchParams)))
  return executionMs
}

async function main() {
  const kept = options.keep ? { table: 'audit_log', minimum: ROWS } : undefined
  const { url, db } = await openBenchDatabase(options['server-url'], BENCH_DATABASE, generate, kept)

  const { close, timeCalls, headers } = await startBenchApp(db, url, 'logs', 'admin')

  // Cursors into the middle and near the end of the log, as a page reached by 'load more' has.
  const cursorAt = async (offset: number) => {
    const { rows: found } = await db.query<{ id: string; cursor_micros: string }>(
      `select id::text as id, (extract(epoch from created_at) * 1000000)::bigint::text as cursor_micros
         from audit_log order by created_at desc, id desc offset $1 limit 1`,
      [offset],
    )
    return encodeCursor(found[0]!)
  }
  const middle = await cursorAt(Math.floor(ROWS / 2))
  const nearEnd = await cursorAt(ROWS - 120)
  const { rows: someId } = await db.query<{ id: string }>(
    'select id::text as id from audit_log where action = $1 limit 1',
    ['update'],
  )

  const scenarios: [string, string][] = [
    ['first page', '/api/logs'],
    ['page after 500,000 rows', `/api/logs?cursor=${middle}`],
    ['page near the end', `/api/logs?cursor=${nearEnd}`],
    ['user (staff member)', '/api/logs?user=osoblje3@trgovina.ba'],
    ['user (refused sign-ins)', '/api/logs?user=KUPAC42@mail.ba'],
    ['user (no rows)', '/api/logs?user=nobody@mail.ba'],
    // The user filter matches the start of an e-mail (docs/decisions.md 'System logs').
    ['user prefix (one staff member)', '/api/logs?user=osoblje3@'],
    ['user prefix (25 staff members)', '/api/logs?user=osoblje'],
    ['user prefix (one letter)', '/api/logs?user=k'],
    ['user prefix (refused sign-ins, rare)', '/api/logs?user=kupac4217'],
    ['user prefix (no rows)', '/api/logs?user=nobody'],
    ['user prefix + action (rare)', '/api/logs?user=osoblje&action=sale.ended'],
    ['user prefix + entity (no rows)', '/api/logs?user=osoblje&entity=brand'],
    ['user prefix, deep page', `/api/logs?user=osoblje&cursor=${middle}`],
    ['action update', '/api/logs?action=update'],
    ['action sign_in_locked (rare)', '/api/logs?action=sign_in_locked'],
    ['action sale.started (rare)', '/api/logs?action=sale.started'],
    ['entity product', '/api/logs?entity=product'],
    ['entity work_hours (rare)', '/api/logs?entity=work_hours'],
    ['entity + action (rare pair)', '/api/logs?entity=settings&action=delete'],
    ['one month', '/api/logs?from=2025-06-01&to=2025-06-30'],
    ['one day, deep in the past', '/api/logs?from=2025-02-14&to=2025-02-14'],
    ['month + action', '/api/logs?from=2025-06-01&to=2025-06-30&action=sign_in_locked'],
    ['month + user', '/api/logs?from=2025-06-01&to=2025-06-30&user=osoblje3@trgovina.ba'],
    ['user + action (rare)', '/api/logs?user=osoblje3@trgovina.ba&action=sale.ended'],
    ['user + entity', '/api/logs?user=osoblje3@trgovina.ba&entity=slide'],
    ['user + entity (no rows)', '/api/logs?user=osoblje3@trgovina.ba&entity=brand'],
    ['user + action (no rows)', '/api/logs?user=osoblje3@trgovina.ba&action=sign_in_failed'],
    [
      'all four filters',
      '/api/logs?user=osoblje3@trgovina.ba&action=update&entity=product&from=2025-03-01&to=2025-09-30',
    ],
    ['user filter, deep page', `/api/logs?user=osoblje3@trgovina.ba&cursor=${middle}`],
    ['details of one entry', `/api/logs/${someId[0]!.id}`],
    ['filter lists', '/api/logs/filters'],
  ]
  console.log(
    `\n${ROWS} audit rows, ${RUNS} calls each after ${WARM_UP_CALLS} warm-up calls (PostgreSQL, in-process inject)`,
  )
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')} (2 cores)`,
  )
  console.log('call                              rows   p50 ms   p95 ms   max ms   budget        SQL p50   SQL p95')
  for (const [name, callUrl] of scenarios) {
    let count = 0
    const timings = await timeCalls(callUrl, headers, RUNS, (text) => {
      const body = JSON.parse(text) as { data?: unknown[]; actions?: unknown[] }
      count = body.data?.length ?? body.actions?.length ?? 1
    })
    const p95 = percentile(timings, 0.95)
    const sql: number[] = []
    for (let run = 0; run < RUNS; run += 1) {
      const ms = await databaseTime(db, callUrl)
      if (ms !== undefined) sql.push(ms)
    }
    sql.sort((a, b) => a - b)
    const sqlColumns =
      sql.length > 0
        ? `${percentile(sql, 0.5).toFixed(2).padStart(9)} ${percentile(sql, 0.95).toFixed(2).padStart(9)}`
        : ''
    const line = `${name.padEnd(32)} ${String(count).padStart(5)} ${percentile(timings, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${timings.at(-1)!.toFixed(1).padStart(8)}   ${p95 <= BUDGET_MS ? 'within' : 'OVER  '} ${BUDGET_MS} ms ${sqlColumns}`
    console.log(line)
  }
  await close()
  await db.close()
}

await main()
