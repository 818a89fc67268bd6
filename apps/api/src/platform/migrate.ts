import fs from 'node:fs'
import path from 'node:path'
import { MIGRATIONS_DIRECTORY } from '../files.ts'
import type { Database } from './db.ts'

// Any fixed number: every process that migrates takes the same advisory lock first.
const MIGRATION_LOCK = 7_302_114

/**
 * Applies the pending plain SQL migrations in name order, all in one transaction (a failing one
 * leaves none of them applied), recording each in schema_migrations. Safe on every start and from
 * several processes at once: the advisory lock makes the others wait, and they then find nothing
 * left to do.
 */
export async function migrate(db: Database, directory = MIGRATIONS_DIRECTORY): Promise<string[]> {
  const files = fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  return db.transaction(async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    )
    const { rows } = await client.query<{ name: string }>('select name from schema_migrations')
    const applied = new Set(rows.map((row) => row.name))
    const newlyApplied: string[] = []
    for (const file of files) {
      if (applied.has(file)) continue
      await client.query(fs.readFileSync(path.join(directory, file), 'utf8'))
      await client.query('insert into schema_migrations (name) values ($1)', [file])
      newlyApplied.push(file)
    }
    return newlyApplied
  })
}
