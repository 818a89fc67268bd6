import type { Database } from '../../platform/db.ts'
import type { SearchWords } from './repo.ts'

// The short cache of normalised search queries (docs/decisions.md, 'Search that ranks only what it
// shows'): per database and per normalised query (with the featured filter), the words the search
// was widened to, as the statement answered them with their catalogue generation. The statement
// itself compares that generation with the one in the database and widens the query again when a
// write has started a new one, so two API processes never answer from words the other has outdated.

/** Queries kept per database; the oldest used goes first. */
const MAX_QUERIES = 500

const byDatabase = new WeakMap<Database, Map<string, SearchWords>>()

const keyOf = (search: string, isFeaturedOnly: boolean) => `${isFeaturedOnly ? 'featured' : 'all'} ${search}`

export function keptSearchWords(db: Database, search: string, isFeaturedOnly: boolean): SearchWords | undefined {
  const kept = byDatabase.get(db)
  const key = keyOf(search, isFeaturedOnly)
  const words = kept?.get(key)
  if (kept && words) {
    // Map order is insertion order: moved to the end, the entry is the most recently used.
    kept.delete(key)
    kept.set(key, words)
  }
  return words
}

export function keepSearchWords(db: Database, search: string, isFeaturedOnly: boolean, words: SearchWords): void {
  let kept = byDatabase.get(db)
  if (!kept) {
    kept = new Map()
    byDatabase.set(db, kept)
  }
  const key = keyOf(search, isFeaturedOnly)
  kept.delete(key)
  kept.set(key, words)
  if (kept.size > MAX_QUERIES) kept.delete(kept.keys().next().value!)
}
