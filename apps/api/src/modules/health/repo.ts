import type { Database } from '../../platform/db.ts'

export async function checkDatabase(db: Database): Promise<boolean> {
  try {
    await Promise.race([
      db.query('select 1'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
    ])
    return true
  } catch {
    return false
  }
}
