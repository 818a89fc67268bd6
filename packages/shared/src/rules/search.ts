// Letters that Unicode does not decompose into a base letter and a mark, folded as
// PostgreSQL's unaccent folds them. đ is handled before this, as shop_fold does.
const UNDECOMPOSED: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
}

// Serbian Cyrillic onto Gaj's Latin alphabet, already folded (ђ → dj as đ, ж → z, ћ ч → c, џ → dz).
const CYRILLIC: Record<string, string> = Object.fromEntries(
  [...'абвгдежзијклмнопрстћуфхцчш'].map((letter, index) => [letter, 'abvgdezzijklmnoprstcufhccs'[index]!]),
)
Object.assign(CYRILLIC, { ђ: 'dj', љ: 'lj', њ: 'nj', џ: 'dz' })

/**
 * The search fold of ARCHITECTURE (Data/Search), the twin of SQL `shop_fold(text)` (migration
 * 0014): đ → dj, accents removed (č ć → c, š → s, ž → z), Serbian Cyrillic to Latin
 * ('бушилица' → 'busilica'), lower case. Queries are folded with it so that they meet the folded
 * search_* columns.
 */
export function foldForSearch(value: string): string {
  return value
    .replace(/đ/g, 'dj')
    .replace(/Đ/g, 'Dj')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁøØßæÆœŒ]/g, (letter) => UNDECOMPOSED[letter] ?? letter)
    .toLowerCase()
    .replace(/[а-шђјљњћџ]/g, (letter) => CYRILLIC[letter] ?? letter)
}

/** customer-side.md §9: field weights of the product search. */
export const SEARCH_WEIGHTS = {
  name: 2,
  customId: 2,
  optionCustomId: 2,
  optionLabel: 1.5,
  shortDescription: 1,
  description: 0.8,
} as const

/** customer-side.md §9: in multi-word queries, words of 4 or more characters must all match to rank first. */
export const MULTI_WORD_MIN_LENGTH = 4

/** Longest search text accepted; longer input is a mistake or an attack, never a product. */
export const MAX_SEARCH_LENGTH = 100

/** Folds, trims and collapses spaces; the form in which a query is matched and cached. */
export function normaliseSearchQuery(query: string): string {
  return foldForSearch(query).replace(/\s+/g, ' ').trim()
}

/** The distinct words of a normalised query that take part in the all-words rule. */
export function significantSearchWords(normalisedQuery: string): string[] {
  const words = normalisedQuery.split(' ').filter((word) => word.length >= MULTI_WORD_MIN_LENGTH)
  return [...new Set(words)]
}

/** Escapes LIKE wildcards so that a query such as '50%' is matched literally. */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`)
}
