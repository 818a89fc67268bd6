import pg from 'pg'

// The PostgreSQL benchmarks each keep their data in a database of their own on the server they are
// given; these are the pieces they share.

export function benchDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops and creates the benchmark's database; answers its URL. */
export async function recreateBenchDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  return benchDatabaseUrl(serverUrl, name)
}

/** Whether the benchmark's database exists and its table holds at least `minimum` rows (for --keep). */
export async function hasBenchRows(serverUrl: string, name: string, table: string, minimum: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name])
  await admin.end()
  if (rows.length === 0) return false
  const client = new pg.Client({ connectionString: benchDatabaseUrl(serverUrl, name) })
  await client.connect()
  try {
    const { rows: counted } = await client.query<{ count: string }>(`select count(*) from ${table}`)
    return Number(counted[0]!.count) >= minimum
  } catch {
    return false
  } finally {
    await client.end()
  }
}

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
}
