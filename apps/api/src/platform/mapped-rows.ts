import type { QueryResultRow } from 'pg'
import type { Queryable } from './db.ts'

// A repo maps each row once to the API's field names (STYLE §2); these run a query and apply that map.

/** Every row the query answers, as it answers it (a statement whose columns are already the API's names). */
export async function queryRows<Row extends QueryResultRow>(
  client: Queryable,
  sql: string,
  values?: unknown[],
): Promise<Row[]> {
  const { rows } = await client.query<Row>(sql, values)
  return rows
}

/** Every row the query answers, mapped. */
export async function queryMany<Row extends QueryResultRow, T>(
  client: Queryable,
  map: (row: Row) => T,
  sql: string,
  values?: unknown[],
): Promise<T[]> {
  const { rows } = await client.query<Row>(sql, values)
  return rows.map(map)
}

/** The first row the query answers, mapped; null when it answers none. */
export async function queryOne<Row extends QueryResultRow, T>(
  client: Queryable,
  map: (row: Row) => T,
  sql: string,
  values?: unknown[],
): Promise<T | null> {
  const { rows } = await client.query<Row>(sql, values)
  return rows[0] ? map(rows[0]) : null
}

/** The row a write returns (`insert ... returning`, or `update ... returning` of a row it has locked), mapped. */
export async function queryReturning<Row extends QueryResultRow, T>(
  client: Queryable,
  map: (row: Row) => T,
  sql: string,
  values?: unknown[],
): Promise<T> {
  const { rows } = await client.query<Row>(sql, values)
  return map(rows[0]!)
}

/**
 * The other way, for a batch write in one statement (`unnest($1::uuid[], $2::int[], ...)`): one array per
 * column, in the order of `columns`, each holding that field of every row; a field a row leaves out is null.
 */
export function columnArrays<Row>(rows: readonly Row[], columns: readonly (keyof Row)[]): unknown[][] {
  return columns.map((column) => rows.map((row) => row[column] ?? null))
}
