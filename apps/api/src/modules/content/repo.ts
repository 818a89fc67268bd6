import type { Queryable } from '../../platform/db.ts'

// The only file of the content reads with SQL; rows leave with the specification's field names.

export type Slide = {
  id: string
  title: string
  description: string | null
  image_url: string
  mobile_image_url: string | null
  link: string | null
  is_active: boolean
  order: number
  categoryId: string | null
}

/** Active slides by their order (customer-side.md §9: only is_active, sorted by order ascending). */
export async function findActiveSlides(db: Queryable): Promise<Slide[]> {
  const { rows } = await db.query<Slide>(
    `select id, title, description, image_url, mobile_image_url, link, is_active, sort_order as "order",
            category_id as "categoryId"
       from slides where is_active order by sort_order, created_at, id`,
  )
  return rows
}

export type SaleConfigRow = {
  is_active: boolean
  start_date: Date | null
  end_date: Date | null
  title: string
  description: string
}

export async function findSaleConfig(db: Queryable): Promise<SaleConfigRow | undefined> {
  const { rows } = await db.query<SaleConfigRow>(
    'select is_active, start_date, end_date, title, description from sale_config where id = 1',
  )
  return rows[0]
}

export async function findWorkHours(db: Queryable): Promise<Array<{ section: string; hours: string }>> {
  const { rows } = await db.query<{ section: string; hours: string }>('select section, hours from work_hours')
  return rows
}

/** The settings document under key, or undefined when staff never saved one. */
export async function findSettings(db: Queryable, key: string): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>('select value from settings where key = $1', [key])
  return rows[0]?.value
}
