import type { Database } from '../../platform/db.ts'

/** True when the database answers a trivial query within the timeout. */
export async function checkDatabase(db: Database, timeoutMs = 2000): Promise<boolean> {
  try {
    await Promise.race([
      db.query('select 1'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), timeoutMs).unref()),
    ])
    return true
  } catch {
    return false
  }
}
