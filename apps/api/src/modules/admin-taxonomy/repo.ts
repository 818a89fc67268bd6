import type { BrandValues, CategoryValues } from '@shop/shared/schemas/taxonomy.ts'
import type { Queryable } from '../../platform/db.ts'

export type Category = {
  id: string
  _id: string
  name: string
  description: string | null
  createdAt: string
  updatedAt: string
}

export type Brand = Category & { image_url: string | null }

type CategoryRow = { id: string; name: string; description: string | null; created_at: Date; updated_at: Date }
type BrandRow = CategoryRow & { image_url: string | null }

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

function toBrand(row: BrandRow): Brand {
  return { ...toCategory(row), image_url: row.image_url }
}

const CATEGORY_COLUMNS = 'id, name, description, created_at, updated_at'
const BRAND_COLUMNS = 'id, name, description, image_url, created_at, updated_at'

export async function lockCategory(client: Queryable, id: string): Promise<Category | null> {
  const { rows } = await client.query<CategoryRow>(
    `select ${CATEGORY_COLUMNS} from categories where id = $1 for update`,
    [id],
  )
  return rows[0] ? toCategory(rows[0]) : null
}

export async function insertCategory(client: Queryable, category: CategoryValues): Promise<Category> {
  const { rows } = await client.query<CategoryRow>(
    `insert into categories (name, description) values ($1, $2) returning ${CATEGORY_COLUMNS}`,
    [category.name, category.description ?? null],
  )
  return toCategory(rows[0]!)
}

export async function updateCategory(client: Queryable, id: string, category: CategoryValues): Promise<Category> {
  const { rows } = await client.query<CategoryRow>(
    `update categories set name = $2, description = $3, updated_at = now() where id = $1 returning ${CATEGORY_COLUMNS}`,
    [id, category.name, category.description ?? null],
  )
  return toCategory(rows[0]!)
}

export async function deleteCategory(client: Queryable, id: string): Promise<void> {
  await client.query('delete from categories where id = $1', [id])
}

export type SlideLinkRow = { id: string; link: string | null; category_id: string | null }

/** Slides that link to the category; they lose the link with it (slides.category_id is set null). */
export async function lockSlidesOfCategory(client: Queryable, categoryId: string): Promise<SlideLinkRow[]> {
  const { rows } = await client.query<SlideLinkRow>(
    'select id, link, category_id from slides where category_id = $1 order by id for update',
    [categoryId],
  )
  return rows
}

export async function unlinkSlide(client: Queryable, slideId: string): Promise<void> {
  await client.query('update slides set link = null, category_id = null, updated_at = now() where id = $1', [slideId])
}

export async function lockBrand(client: Queryable, id: string): Promise<Brand | null> {
  const { rows } = await client.query<BrandRow>(`select ${BRAND_COLUMNS} from brands where id = $1 for update`, [id])
  return rows[0] ? toBrand(rows[0]) : null
}

export async function insertBrand(client: Queryable, brand: BrandValues): Promise<Brand> {
  const { rows } = await client.query<BrandRow>(
    `insert into brands (name, description, image_url) values ($1, $2, $3) returning ${BRAND_COLUMNS}`,
    [brand.name, brand.description ?? null, brand.image_url ?? null],
  )
  return toBrand(rows[0]!)
}

export async function updateBrand(client: Queryable, id: string, brand: BrandValues): Promise<Brand> {
  const { rows } = await client.query<BrandRow>(
    `update brands set name = $2, description = $3, image_url = $4, updated_at = now() where id = $1 returning ${BRAND_COLUMNS}`,
    [id, brand.name, brand.description ?? null, brand.image_url ?? null],
  )
  return toBrand(rows[0]!)
}

/** Products of the brand lose it (products.brand_id is set null by the schema). */
export async function deleteBrand(client: Queryable, id: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    'select id from products where brand_id = $1 order by id for update',
    [id],
  )
  await client.query('delete from brands where id = $1', [id])
  return rows.map((row) => row.id)
}
