import type { MenuCategory, MenuItem } from '@shop/shared/schemas/restaurant.ts'

/** staff-and-content.md §4 Menu page and §9: 9 items at first, each 'Load more' adds 9. */
export const MENU_PAGE_SIZE = 9

const byName = new Intl.Collator('bs', { sensitivity: 'base', numeric: true })

/** The main categories (those without a parent), by name: the first filter row. */
export function mainCategories(categories: readonly MenuCategory[]): MenuCategory[] {
  return categories.filter((category) => !category.parentId).sort((a, b) => byName.compare(a.name, b.name))
}

/** The subcategories of a main category, by name: the second filter row, shown once a main category is chosen. */
export function subcategoriesOf(categories: readonly MenuCategory[], parentId: string): MenuCategory[] {
  return categories.filter((category) => category.parentId === parentId).sort((a, b) => byName.compare(a.name, b.name))
}

export type MenuFilter = { category: string | null; subcategory: string | null }

/**
 * The items the filter keeps, featured first (§2), then by name. A main category keeps its own
 * items and those of its subcategories; a subcategory only its own.
 */
export function filterMenu(
  items: readonly MenuItem[],
  categories: readonly MenuCategory[],
  filter: MenuFilter,
): MenuItem[] {
  let kept = [...items]
  if (filter.subcategory) {
    kept = kept.filter((item) => item.categoryId === filter.subcategory)
  } else if (filter.category) {
    const ids = new Set([filter.category, ...subcategoriesOf(categories, filter.category).map((child) => child.id)])
    kept = kept.filter((item) => item.categoryId !== null && ids.has(item.categoryId))
  }
  return kept.sort((a, b) => Number(b.featured) - Number(a.featured) || byName.compare(a.name, b.name))
}

/**
 * The category line of a card: 'Main › Sub' for an item in a subcategory, the name for one in a
 * main category, and `uncategorized` ('Uncategorized', §2) when its category is unknown.
 */
export function categoryLabel(item: MenuItem, categories: readonly MenuCategory[], uncategorized: string): string {
  const category = categories.find((entry) => entry.id === item.categoryId)
  if (!category) return uncategorized
  const parent = category.parentId ? categories.find((entry) => entry.id === category.parentId) : undefined
  return parent ? `${parent.name} › ${category.name}` : category.name
}
