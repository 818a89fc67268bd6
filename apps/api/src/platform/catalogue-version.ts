import { afterCommit, type Database, type Queryable } from './db.ts'

// The catalogue generation (ARCHITECTURE: Performance budgets): one number in cache_versions
// ('catalogue') that every staff write reaching public reads bumps inside its transaction
// (platform/staff-write.ts). Every API process's response cache drops all its answers when it
// sees a new generation: through the database (polled) or at once through Redis (cache-bus.ts).

const CATALOGUE = 'catalogue'

/** What a process's response cache is told about: a bump of this process, and stock changes. */
export type CacheListener = {
  expectVersion(version: number): void
  /** Tells the other processes of a committed bump (awaited briefly, so they know before the write is answered). */
  publishVersion(version: number): Promise<void>
  /** Drops the answers mentioning these products and tells the other processes. */
  stockChanged(productIds: readonly string[], changeId: number): Promise<void>
}

const listeners = new Set<CacheListener>()

/** Registers a response cache of this process; the returned function unregisters it. */
export function listenToCatalogueChanges(listener: CacheListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The response caches of this process (stock-changes.ts tells them of a stock change). */
export function liveCacheListeners(): readonly CacheListener[] {
  return [...listeners]
}

/**
 * Starts a new catalogue generation. Call it inside the transaction of every staff write that
 * changes what a catalogue read answers (products, categories, brands, slides, sales, settings,
 * work hours); the new generation becomes visible when that transaction commits.
 */
export async function bumpCatalogueVersion(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    `insert into cache_versions (name, version) values ($1, 1)
     on conflict (name) do update set version = cache_versions.version + 1
     returning version`,
    [CATALOGUE],
  )
  const version = Number(rows[0]?.version ?? 0)
  for (const cache of listeners) cache.expectVersion(version)
  // Published once committed, and awaited: without it, a write answered through one process could
  // be read through another before Redis has passed the message on (a write is never read stale through another process).
  await afterCommit(client, async () => {
    await Promise.all([...listeners].map((cache) => cache.publishVersion(version)))
  })
  return version
}

export async function readVersion(db: Database): Promise<number> {
  const { rows } = await db.query<{ version: number }>('select version from cache_versions where name = $1', [
    CATALOGUE,
  ])
  return Number(rows[0]?.version ?? 0)
}
