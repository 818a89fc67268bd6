import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/platform/db.ts'
import { migrate } from '../src/platform/migrate.ts'
import { openTestDatabase } from './helpers.ts'
import { runNodeScript } from './support/api-process.ts'
import { databaseUrlOn, TEST_DATABASE_SERVER } from './support/scratch-database.ts'

const fixture = path.join(import.meta.dirname, 'fixtures', 'migrate-once.ts')
const MIGRATIONS = path.join(import.meta.dirname, '..', 'src', 'db', 'migrations')
const migrationCount = fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).length

async function migrateInChild(env: Record<string, string>): Promise<{ applied?: string[]; error?: string }> {
  const { stdout } = await runNodeScript(fixture, [], env)
  return JSON.parse(stdout) as { applied?: string[]; error?: string }
}

const temporary: string[] = []
afterAll(() => {
  for (const directory of temporary) fs.rmSync(directory, { recursive: true, force: true })
})

/** A directory of its own, removed after the tests. */
function temporaryDirectory(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  temporary.push(directory)
  return directory
}

/** Applies the migrations written before `number` (e.g. '0013'), as a database of that time had them. */
async function migrateUpTo(db: Database, number: string): Promise<void> {
  const earlier = temporaryDirectory(`shop-migrations-before-${number}-`)
  for (const name of fs.readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql') && file < number))
    fs.copyFileSync(path.join(MIGRATIONS, name), path.join(earlier, name))
  await migrate(db, earlier)
}

describe('migrations', () => {
  it('apply once and are a no-op the second time in a row', async () => {
    const { db, drop } = await openTestDatabase()
    try {
      expect(await migrate(db)).toEqual([])
      expect(await migrate(db)).toEqual([])
      const { rows } = await db.query<{ count: number }>('select count(*)::int as count from schema_migrations')
      expect(rows[0]!.count).toBe(migrationCount)
      const extensions = await db.query<{ extname: string }>('select extname from pg_extension order by extname')
      expect(extensions.rows.map((row) => row.extname)).toEqual(
        expect.arrayContaining(['citext', 'pg_trgm', 'unaccent']),
      )
    } finally {
      await drop()
    }
  })

  // These start from empty databases and apply every migration (some twice): up to a minute on a loaded 2-core machine.
  it('report e-mails written before normalisation in email_review, clashes and look-alikes, rather than failing', async () => {
    const { db, drop } = await openTestDatabase({ migrated: false })
    try {
      await migrateUpTo(db, '0013')
      const insert = (email: string) =>
        db.query<{ id: string }>(`insert into users (email, password_hash) values ($1, 'x') returning id`, [email])
      const plain = (await insert('kupac@demo.ba')).rows[0]!.id
      const fullwidth = (await insert('\uff4bupac@demo.ba')).rows[0]!.id
      const cyrillic = (await insert('kup\u0430c@demo.ba')).rows[0]!.id
      await insert('druga@demo.ba')
      expect(await migrate(db)).toEqual(expect.arrayContaining(['0013_email_normalised.sql']))
      const { rows } = await db.query<{ user_id: string; reason: string }>(
        'select user_id, reason from email_review order by reason, email',
      )
      expect(rows).toEqual(
        expect.arrayContaining([
          { user_id: plain, reason: 'clash' },
          { user_id: fullwidth, reason: 'clash' },
          { user_id: cyrillic, reason: 'not_plain' },
        ]),
      )
      expect(rows).toHaveLength(3)
      // From now on only normalised, plain addresses are written.
      await expect(insert('\uff4eova@demo.ba')).rejects.toMatchObject({ code: '23514' })
    } finally {
      await drop()
    }
  }, 90_000)

  it('give back the own prices of a sale running the old way and show the sale computed when read (0036)', async () => {
    const { db, drop } = await openTestDatabase({ migrated: false })
    try {
      await migrateUpTo(db, '0036')
      const category = (await db.query<{ id: string }>(`insert into categories (name) values ('Alat') returning id`))
        .rows[0]!.id
      const product = async (customId: string, price: number, discount: number | null, hasSizes = false) =>
        (
          await db.query<{ id: string }>(
            `insert into products (custom_id, name, category_id, price, discount_price, stock, has_sizes)
             values ($1, $1, $2, $3, $4, 5, $5) returning id`,
            [customId, category, price, discount, hasSizes],
          )
        ).rows[0]!.id
      // Applied the old way (migration 0006): the sale's 20 % written into the products, their own prices in the
      // snapshots. The second product's price was changed by hand during the sale (75), the third has options.
      const ownHigher = await product('OWN-95', 100, 80)
      const changedByHand = await product('HAND-75', 100, 75)
      const shirt = await product('SHIRT', 50, 40, true)
      await db.query(
        `insert into product_options (product_id, position, size, stock, price, discount_price)
         values ($1, 0, 'S', 1, null, 40), ($1, 1, 'L', 1, 60, 48)`,
        [shirt],
      )
      for (const id of [ownHigher, changedByHand, shirt]) {
        await db.query(
          `insert into sale_products (product_id, original_price, discount_percentage, discounted_price)
           select id, price, 20, round(price * 0.8, 2) from products where id = $1`,
          [id],
        )
      }
      await db.query(
        `insert into sale_price_snapshots (product_id, discount_price, applied_discount_price)
         values ($1, 95, 80), ($2, null, 80), ($3, null, 40)`,
        [ownHigher, changedByHand, shirt],
      )
      await db.query(
        `insert into sale_option_snapshots (product_id, size, discount_price, applied_discount_price)
         values ($1, 'S', null, 40), ($1, 'L', 58, 48)`,
        [shirt],
      )
      await db.query(`insert into sale_config (id, is_active, is_applied) values (1, true, true)`)

      expect(await migrate(db)).toEqual(['0036_sales_computed_when_read.sql'])
      const products = await db.query<{
        custom_id: string
        own: string | null
        charged: string | null
        shown: string | null
        plain_shown: string | null
        sale_effective_price: string
      }>(
        `select custom_id, discount_price as own, product_charged_discount(p) as charged,
                coalesce(sale_catalogue_json, catalogue_json)->>'discount_price' as shown,
                catalogue_json->>'discount_price' as plain_shown, sale_effective_price
           from products p order by custom_id`,
      )
      const money = (value: string | null) => (value === null ? null : Number(value))
      expect(
        products.rows.map((row) => [
          row.custom_id,
          money(row.own),
          money(row.charged),
          money(row.shown),
          money(row.plain_shown),
          money(row.sale_effective_price),
        ]),
      ).toEqual([
        ['HAND-75', 75, 75, 75, 75, 75],
        ['OWN-95', 95, 80, 80, 95, 80],
        ['SHIRT', null, 40, 40, null, 40],
      ])
      const options = await db.query<{ size: string; own: string | null; charged: string }>(
        `select o.size, o.discount_price as own, option_charged_discount(p, o) as charged
           from product_options o join products p on p.id = o.product_id order by o.position`,
      )
      expect(options.rows.map((row) => [row.size, money(row.own), money(row.charged)])).toEqual([
        ['S', null, 40],
        ['L', 58, 48],
      ])
      const tables = await db.query<{ name: string | null }>(
        `select to_regclass('sale_price_snapshots')::text as name union all select to_regclass('sale_option_snapshots')::text`,
      )
      expect(tables.rows).toEqual([{ name: null }, { name: null }])
      // Switched off (the sale's end), every product shows its own prices again.
      await db.query('update sale_config set is_applied = false')
      const ended = await db.query<{ charged: string | null }>(
        'select product_charged_discount(p) as charged from products p order by custom_id',
      )
      expect(ended.rows.map((row) => money(row.charged))).toEqual([75, 95, null])
    } finally {
      await drop()
    }
  }, 90_000)

  it('keep the embedded database usable across a restart, extensions loaded again', async () => {
    const directory = temporaryDirectory('shop-migrate-')
    const first = await openDatabase({ directory })
    expect((await migrate(first)).length).toBe(migrationCount)
    await first.query(`insert into categories (name) values ('Čekići')`)
    await first.close()
    const second = await openDatabase({ directory })
    expect(await migrate(second)).toEqual([])
    const { rows } = await second.query<{ folded: string }>(`select shop_fold(name) as folded from categories`)
    expect(rows[0]!.folded).toBe('cekici')
    await second.close()
  }, 90_000)

  // Child processes (tsx, PGlite) start slowly on a loaded 2-core machine: a minute and a half each.
  it('refuse a second process on the same embedded data directory with a clear message', async () => {
    const directory = temporaryDirectory('shop-lock-')
    const holder = await openDatabase({ directory })
    try {
      await expect(openDatabase({ directory })).rejects.toThrow(/already in use by process/)
      const child = await migrateInChild({ MIGRATE_DIRECTORY: directory })
      expect(child.error).toMatch(/already in use by process \d+/)
    } finally {
      await holder.close()
    }
    const after = await migrateInChild({ MIGRATE_DIRECTORY: directory })
    expect(after.applied).toHaveLength(migrationCount)
  }, 90_000)

  it.runIf(TEST_DATABASE_SERVER)(
    'are safe from several processes at once on PostgreSQL',
    async () => {
      const { db, drop } = await openTestDatabase()
      await db.query('drop schema public cascade; create schema public')
      const { rows } = await db.query<{ name: string }>('select current_database() as name')
      const target = databaseUrlOn(TEST_DATABASE_SERVER!, rows[0]!.name)
      try {
        const results = await Promise.all([1, 2, 3].map(() => migrateInChild({ MIGRATE_URL: target })))
        expect(results.map((result) => result.error)).toEqual([undefined, undefined, undefined])
        const applied = results.map((result) => result.applied!.length).sort()
        expect(applied).toEqual([0, 0, migrationCount])
      } finally {
        await drop()
      }
    },
    90_000,
  )
})
