import { compareNames } from './sort.ts'

/** customer-side.md §9 Recommended products. */
export const RECOMMENDATION_LIMIT = 8
/** Below this many candidates, products containing the first word of the name are added. */
export const RECOMMENDATION_MINIMUM = 4
/** Names at least this similar count as 'similar names' beside the same category. */
export const SIMILAR_NAME_THRESHOLD = 0.5
/** Names at least this similar come first. */
export const CLOSE_NAME_THRESHOLD = 0.7

export type RecommendationCandidate = {
  name: string
  nameSimilarity: number
  priceDistance: number
  isAvailable: boolean
}

/**
 * Order of recommendations: names at least 0.7 similar first, then the closer price (§9).
 * Out-of-stock products go last, as in every product list of the store (§2 Store page).
 */
export function compareRecommendations(left: RecommendationCandidate, right: RecommendationCandidate): number {
  return (
    Number(right.isAvailable) - Number(left.isAvailable) ||
    Number(right.nameSimilarity >= CLOSE_NAME_THRESHOLD) - Number(left.nameSimilarity >= CLOSE_NAME_THRESHOLD) ||
    left.priceDistance - right.priceDistance ||
    compareNames(left.name, right.name)
  )
}

/** The first word of a name, folded by the caller, used to widen a short list. */
export function firstNameWord(foldedName: string): string {
  return foldedName.trim().split(/\s+/)[0] ?? ''
}
