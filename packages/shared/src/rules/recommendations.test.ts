import { describe, expect, it } from 'vitest'
import { compareRecommendations, firstNameWord, type RecommendationCandidate } from './recommendations.ts'
import { itReturns } from './test-support.ts'

const candidate = (
  name: string,
  nameSimilarity: number,
  priceDistance: number,
  isAvailable = true,
): RecommendationCandidate => ({
  name,
  nameSimilarity,
  priceDistance,
  isAvailable,
})

describe('compareRecommendations', () => {
  it.each<[string, RecommendationCandidate[], string[]]>([
    [
      'close names first, then closer price',
      [candidate('A', 0.2, 1), candidate('B', 0.9, 50), candidate('C', 0.7, 80), candidate('D', 0.69, 0)],
      ['B', 'C', 'D', 'A'],
    ],
    [
      'equal similarity class and price by name',
      [candidate('Žica', 0.1, 5), candidate('Čep', 0.1, 5), candidate('Zub', 0.1, 5)],
      ['Čep', 'Žica', 'Zub'],
    ],
    ['out of stock last', [candidate('X', 0.95, 0, false), candidate('Y', 0.1, 100)], ['Y', 'X']],
  ])('%s', (_label, candidates, expected) => {
    expect([...candidates].sort(compareRecommendations).map((item) => item.name)).toEqual(expected)
  })
})

describe('firstNameWord', () => {
  itReturns(firstNameWord, 'firstNameWord(%j) is %j', [
    ['aku busilica makita', 'aku'],
    ['  cekic ', 'cekic'],
    ['', ''],
  ])
})
