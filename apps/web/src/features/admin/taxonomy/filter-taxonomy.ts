import { foldForSearch } from '@shop/shared/rules/search.ts'
import { compareNames } from '@shop/shared/rules/sort.ts'

/**
 * staff-and-content.md §2 and §9: categories and brands are sorted by name and the search matches
 * name and description (every word, ignoring letter case and accents).
 */
export function filterTaxonomy<T extends { name: string; description: string | null }>(
  items: readonly T[],
  search: string,
): T[] {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean)
  return items
    .filter((item) => {
      const haystack = foldForSearch(`${item.name} ${item.description ?? ''}`)
      return words.every((word) => haystack.includes(word))
    })
    .sort((left, right) => compareNames(left.name, right.name))
}
