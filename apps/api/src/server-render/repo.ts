import type { Database } from '../platform/db.ts'

/**
 * Every product for the sitemap, oldest first. Only canonical addresses are listed: a category's
 * /store?category=… has /store as its canonical, so categories are not read.
 */
export async function listSitemapProducts(db: Database): Promise<{ id: string; updatedAt: Date }[]> {
  const { rows } = await db.query<{ id: string; updated_at: Date }>(
    'select id, updated_at from products order by created_at',
  )
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }))
}
