import { describe } from 'vitest'
import { pageCount, paginationItems } from './pagination.ts'
import { itReturns } from './test-support.ts'

const E = 'ellipsis' as const

describe('paginationItems', () => {
  itReturns(paginationItems, 'page %d of %d', [
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3, E, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, E, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, E, 10]],
    [5, 10, [1, E, 3, 4, 5, 6, 7, E, 10]],
    [8, 10, [1, E, 6, 7, 8, 9, 10]],
    [10, 10, [1, E, 8, 9, 10]],
    [3, 7, [1, 2, 3, 4, 5, E, 7]],
  ])
})

describe('pageCount', () => {
  itReturns(pageCount, '%d items at %d a page make %d pages', [
    [0, 30, 1],
    [1, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [100000, 30, 3334],
  ])
})
