import { staffWrite } from '../../platform/staff-write.ts'
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

async function lockExistingItem(client: Queryable, id: string): Promise<MenuItem> {
  const item = isUuid(id) ? await lockItem(client, id) : null
  if (!item) throw notFound(text.itemNotFound, 'MENU_ITEM_NOT_FOUND')
  return item
}

async function lockExistingCategory(client: Queryable, id: string): Promise<MenuCategory> {
  const category = isUuid(id) ? await lockCategory(client, id) : null
  if (!category) throw notFound(text.categoryNotFound, 'CATEGORY_NOT_FOUND')
  return category
}

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
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    await checkItemCategory(client, input.categoryId)
    const after = await insertItem(client, input)
    await audit({
      action: 'create',
      entity: 'menu_item',
      entityId: after.id,
      before: null,
      after,
    })
    return after
  })
}

export async function patchItem(
  db: Database,
  actor: Actor,
  id: string,
  { version, ...patch }: MenuItemPatch & { version: number },
): Promise<MenuItem> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit, claimVersion }) => {
    const before = await lockExistingItem(client, id)
    await claimVersion({ record: 'menuItem', id, version })
    await checkItemCategory(client, patch.categoryId)
    const after = await updateItem(client, id, patch)
    await audit({ action: 'update', entity: 'menu_item', entityId: id, before, after })
    return after
  })
}

export async function removeItem(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = await lockExistingItem(client, id)
    await deleteItemRow(client, id)
    await audit({ action: 'delete', entity: 'menu_item', entityId: id, before, after: null })
    return { id, message: text.itemDeleted }
  })
}

export async function createCategory(db: Database, actor: Actor, input: MenuCategoryValues): Promise<MenuCategory> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    await checkParent(client, null, input.parentId)
    const after = await insertCategory(client, input)
    await audit({
      action: 'create',
      entity: 'menu_category',
      entityId: after.id,
      before: null,
      after,
    })
    return after
  })
}

export async function replaceCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: MenuCategoryValues,
): Promise<MenuCategory> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = await lockExistingCategory(client, id)
    await checkParent(client, id, input.parentId)
    const after = await updateCategory(client, id, input)
    await audit({ action: 'update', entity: 'menu_category', entityId: id, before, after })
    return after
  })
}

/**
 * Deletes a category with its subcategories (the foreign key cascades); their items stay on the
 * menu without a category, shown as 'Uncategorized'. The audit row keeps the subcategories.
 */
export async function removeCategory(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const category = await lockExistingCategory(client, id)
    const subcategories = await listSubcategories(client, id)
    await deleteCategoryRow(client, id)
    await audit({
      action: 'delete',
      entity: 'menu_category',
      entityId: id,
      before: { ...category, subcategories },
      after: null,
    })
    return { id, message: text.categoryDeleted }
  })
}
