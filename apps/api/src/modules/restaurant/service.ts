import { staffRecords } from '../../platform/staff-records.ts'
import type { Actor } from '../../platform/actor.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import type {
  MenuCategory,
  MenuCategoryValues,
  MenuItem,
  MenuItemPatch,
  MenuItemValues,
} from '@shop/shared/schemas/restaurant.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { badRequest, conflict, notFound } from '../../platform/errors.ts'
import {
  deleteCategory as deleteCategoryRow,
  deleteItem as deleteItemRow,
  findCategory,
  hasSubcategories,
  insertCategory,
  insertItem,
  listCategories,
  listItems,
  listSubcategories,
  lockCategory,
  lockItem,
  updateCategory,
  updateItem,
} from './repo.ts'

const text = restaurant.api // Names sort the Bosnian way ('Čaj' after 'Cijeđeni sok', before 'Sarma') whatever the database's collation.
const byName = new Intl.Collator('bs', { sensitivity: 'base', numeric: true })

/** Featured items first (staff-and-content.md §2 Public restaurant page), then by name. */
function menuOrder(items: MenuItem[]): MenuItem[] {
  return items.sort((a, b) => Number(b.featured) - Number(a.featured) || byName.compare(a.name, b.name))
}

/**
 * GET /api/restaurant/menu: every item, featured first. With ?category, the items of that
 * category and, for a main category, of its subcategories too; an unknown or malformed category
 * has no items (an empty list, not an error: the public page filters without failing).
 */
export async function findMenu(db: Database, category: string | undefined): Promise<MenuItem[]> {
  if (category === undefined || category === '') return menuOrder(await listItems(db, null))
  return isUuid(category) ? menuOrder(await listItems(db, category)) : []
}

/** GET /api/restaurant/categories: main categories and subcategories in one list, by name. */
export async function findCategories(db: Database): Promise<MenuCategory[]> {
  return (await listCategories(db)).sort((a, b) => byName.compare(a.name, b.name))
}

const MENU_ITEM = staffRecords<MenuItem>({
  entity: 'menu_item',
  record: 'menuItem',
  lock: lockItem,
  notFound: () => notFound(text.itemNotFound, 'MENU_ITEM_NOT_FOUND'),
})
const MENU_CATEGORY = staffRecords<MenuCategory>({
  entity: 'menu_category',
  lock: lockCategory,
  notFound: () => notFound(text.categoryNotFound, 'CATEGORY_NOT_FOUND'),
})

/** An item's category must exist (a main category or a subcategory). */
async function checkItemCategory(client: Queryable, categoryId: string | null | undefined): Promise<void> {
  if (categoryId && !(await findCategory(client, categoryId))) throw conflict(text.categoryMissing, 'REFERENCE_ERROR')
}

/**
 * Main categories and subcategories: two levels. A parent must exist and be a main category; a
 * category is never its own parent, and one with subcategories stays a main category.
 */
async function checkParent(client: Queryable, id: string | null, parentId: string | null): Promise<void> {
  if (!parentId) return
  if (parentId === id) throw badRequest(text.parentIsSelf, 'INVALID_PARENT')
  const parent = await findCategory(client, parentId)
  if (!parent) throw conflict(text.parentMissing, 'REFERENCE_ERROR')
  if (parent.parentId) throw badRequest(text.parentIsSubcategory, 'INVALID_PARENT')
  if (id && (await hasSubcategories(client, id))) throw badRequest(text.hasSubcategories, 'INVALID_PARENT')
}

export async function createItem(db: Database, actor: Actor, input: MenuItemValues): Promise<MenuItem> {
  return MENU_ITEM.create(db, actor, async ({ client }) => {
    await checkItemCategory(client, input.categoryId)
    return insertItem(client, input)
  })
}

export async function patchItem(
  db: Database,
  actor: Actor,
  id: string,
  { version, ...patch }: MenuItemPatch & { version: number },
): Promise<MenuItem> {
  return MENU_ITEM.update(db, actor, { id, version }, async ({ client }) => {
    await checkItemCategory(client, patch.categoryId)
    return updateItem(client, id, patch)
  })
}

export async function removeItem(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return MENU_ITEM.delete(db, actor, { id, message: text.itemDeleted }, async ({ client }, before) => {
    await deleteItemRow(client, id)
    return before
  })
}

export async function createCategory(db: Database, actor: Actor, input: MenuCategoryValues): Promise<MenuCategory> {
  return MENU_CATEGORY.create(db, actor, async ({ client }) => {
    await checkParent(client, null, input.parentId)
    return insertCategory(client, input)
  })
}

export async function replaceCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: MenuCategoryValues,
): Promise<MenuCategory> {
  return MENU_CATEGORY.replace(db, actor, id, async ({ client }) => {
    await checkParent(client, id, input.parentId)
    return updateCategory(client, id, input)
  })
}

/**
 * Deletes a category with its subcategories (the foreign key cascades); their items stay on the
 * menu without a category, shown as 'Uncategorized'. The audit row keeps the subcategories.
 */
export async function removeCategory(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return MENU_CATEGORY.delete(db, actor, { id, message: text.categoryDeleted }, async ({ client }, category) => {
    const subcategories = await listSubcategories(client, id)
    await deleteCategoryRow(client, id)
    return { ...category, subcategories }
  })
}
