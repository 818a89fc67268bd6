import { foldForSearch } from '@shop/shared/rules/search.ts'
import type { MenuItem } from '@shop/shared/schemas/restaurant.ts'

/**
 * The admin menu search: every word of the query must appear, ignoring case and accents, in the
 * item's name, description, category, ingredients or allergens.
 */
export function matchesMenuSearch(item: MenuItem, categoryName: string, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = foldForSearch(
    [item.name, item.description ?? '', categoryName, ...item.ingredients, ...item.allergens].join(' \n '),
  )
  return words.every((word) => haystack.includes(word))
}
