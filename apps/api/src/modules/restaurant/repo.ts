import type { MenuCategory, MenuCategoryValues, MenuItem, MenuItemValues } from '@shop/shared/schemas/restaurant.ts'
import type { Queryable } from '../../platform/db.ts'
import { queryMany, queryOne, queryReturning } from '../../platform/mapped-rows.ts'

type ItemRow = {
  id: string
  name: string
  description: string | null
  price: string
  image: string | null
  is_available: boolean
  category_id: string | null
  ingredients: string[]
  allergens: string[]
  featured: boolean
  created_at: Date
  updated_at: Date
  version: number
}

type CategoryRow = {
  id: string
  name: string
  description: string | null
  parent_id: string | null
  created_at: Date
  updated_at: Date
}

const ITEM_COLUMNS =
  'id, name, description, price, image, is_available, category_id, ingredients, allergens, featured, created_at, updated_at, version'
const CATEGORY_COLUMNS = 'id, name, description, parent_id, created_at, updated_at'

function toItem(row: ItemRow): MenuItem {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    image: row.image,
    isAvailable: row.is_available,
    categoryId: row.category_id,
    ingredients: row.ingredients,
    allergens: row.allergens,
    featured: row.featured,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  }
}

function toCategory(row: CategoryRow): MenuCategory {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    parentId: row.parent_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

// The service puts them in their final order (featured first, then by name in Bosnian).
const ITEM_ORDER = 'order by featured desc, id'

/** Every menu item, or those of one category and of its subcategories. */
export function listItems(client: Queryable, categoryId: string | null): Promise<MenuItem[]> {
  return categoryId
    ? queryMany(
        client,
        toItem,
        `select ${ITEM_COLUMNS} from restaurant_items
          where category_id in (select id from restaurant_categories where id = $1 or parent_id = $1)
          ${ITEM_ORDER}`,
        [categoryId],
      )
    : queryMany(client, toItem, `select ${ITEM_COLUMNS} from restaurant_items ${ITEM_ORDER}`)
}

export function lockItem(client: Queryable, id: string): Promise<MenuItem | null> {
  return queryOne(client, toItem, `select ${ITEM_COLUMNS} from restaurant_items where id = $1 for update`, [id])
}

/** Each field of a menu item and its column; an insert writes them all, a patch those it names. */
const ITEM_FIELD_COLUMNS: Record<keyof MenuItemValues, string> = {
  name: 'name',
  description: 'description',
  price: 'price',
  image: 'image',
  isAvailable: 'is_available',
  categoryId: 'category_id',
  ingredients: 'ingredients',
  allergens: 'allergens',
  featured: 'featured',
}
const ITEM_FIELDS = Object.keys(ITEM_FIELD_COLUMNS) as Array<keyof MenuItemValues>

export function insertItem(client: Queryable, item: MenuItemValues): Promise<MenuItem> {
  return queryReturning(
    client,
    toItem,
    `insert into restaurant_items (${ITEM_FIELDS.map((field) => ITEM_FIELD_COLUMNS[field]).join(', ')})
     values (${ITEM_FIELDS.map((_, index) => `$${index + 1}`).join(', ')}) returning ${ITEM_COLUMNS}`,
    ITEM_FIELDS.map((field) => item[field]),
  )
}

/** Sets the fields present in `patch`; the others keep their values. */
export function updateItem(client: Queryable, id: string, patch: Partial<MenuItemValues>): Promise<MenuItem> {
  const fields = ITEM_FIELDS.filter((field) => patch[field] !== undefined)
  const assignments = fields.map((field, index) => `${ITEM_FIELD_COLUMNS[field]} = $${index + 2}`)
  return queryReturning(
    client,
    toItem,
    `update restaurant_items set ${[...assignments, 'updated_at = now()'].join(', ')}
      where id = $1 returning ${ITEM_COLUMNS}`,
    [id, ...fields.map((field) => patch[field])],
  )
}

export async function deleteItem(client: Queryable, id: string): Promise<void> {
  await client.query('delete from restaurant_items where id = $1', [id])
}

/** Every category, main categories and subcategories alike (the service sorts them by name). */
export function listCategories(client: Queryable): Promise<MenuCategory[]> {
  return queryMany(client, toCategory, `select ${CATEGORY_COLUMNS} from restaurant_categories order by id`)
}

export function findCategory(client: Queryable, id: string): Promise<MenuCategory | null> {
  return queryOne(client, toCategory, `select ${CATEGORY_COLUMNS} from restaurant_categories where id = $1`, [id])
}

export function lockCategory(client: Queryable, id: string): Promise<MenuCategory | null> {
  return queryOne(
    client,
    toCategory,
    `select ${CATEGORY_COLUMNS} from restaurant_categories where id = $1 for update`,
    [id],
  )
}

export async function hasSubcategories(client: Queryable, id: string): Promise<boolean> {
  const { rows } = await client.query('select 1 from restaurant_categories where parent_id = $1 limit 1', [id])
  return rows.length > 0
}

/** The subcategories of a category (deleted with it: the foreign key cascades). */
export function listSubcategories(client: Queryable, id: string): Promise<MenuCategory[]> {
  return queryMany(
    client,
    toCategory,
    `select ${CATEGORY_COLUMNS} from restaurant_categories where parent_id = $1 order by id`,
    [id],
  )
}

export function insertCategory(client: Queryable, category: MenuCategoryValues): Promise<MenuCategory> {
  return queryReturning(
    client,
    toCategory,
    `insert into restaurant_categories (name, description, parent_id) values ($1, $2, $3) returning ${CATEGORY_COLUMNS}`,
    [category.name, category.description, category.parentId],
  )
}

export function updateCategory(client: Queryable, id: string, category: MenuCategoryValues): Promise<MenuCategory> {
  return queryReturning(
    client,
    toCategory,
    `update restaurant_categories set name = $2, description = $3, parent_id = $4, updated_at = now()
      where id = $1 returning ${CATEGORY_COLUMNS}`,
    [id, category.name, category.description, category.parentId],
  )
}

export async function deleteCategory(client: Queryable, id: string): Promise<void> {
  await client.query('delete from restaurant_categories where id = $1', [id])
}
