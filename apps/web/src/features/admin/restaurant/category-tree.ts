import type { MenuCategory } from '@shop/shared/schemas/restaurant.ts'

const byName = new Intl.Collator('bs', { sensitivity: 'base', numeric: true })

export type CategoryBranch = { category: MenuCategory; children: MenuCategory[] }

/**
 * Main categories with their subcategories, both by name. A subcategory whose parent is missing
 * from the list is shown as a main category, so that staff can still edit or delete it.
 */
export function categoryTree(categories: readonly MenuCategory[]): CategoryBranch[] {
  const ids = new Set(categories.map((category) => category.id))
  const sorted = [...categories].sort((a, b) => byName.compare(a.name, b.name))
  return sorted
    .filter((category) => !category.parentId || !ids.has(category.parentId))
    .map((category) => ({ category, children: sorted.filter((child) => child.parentId === category.id) }))
}

/** The item form's category choices: each main category followed by its subcategories as 'Main › Sub'. */
export function categoryOptions(categories: readonly MenuCategory[]): Array<{ id: string; label: string }> {
  return categoryTree(categories).flatMap(({ category, children }) => [
    { id: category.id, label: category.name },
    ...children.map((child) => ({ id: child.id, label: `${category.name} › ${child.name}` })),
  ])
}
