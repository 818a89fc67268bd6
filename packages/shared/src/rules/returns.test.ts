import { describe, expect, it } from 'vitest'
import {
  canMoveReturn,
  isWithinReturnWindow,
  returnDeadline,
  returnWindowDays,
  RETURN_STATUSES,
  type ReturnReason,
} from './returns.ts'
import { itReturns } from './test-support.ts'

const DELIVERED = '2026-03-01T10:00:00.000Z'
const at = (iso: string) => Date.parse(iso)

describe('return windows (legal page: 15 days for a return, 7 for a wrong or damaged delivery)', () => {
  itReturns(returnWindowDays, '%s has %i days', [
    ['damaged', 7],
    ['wrong_product', 7],
    ['does_not_fit', 15],
    ['other', 15],
  ] as const)

  itReturns(
    (reason: ReturnReason, now: string) => isWithinReturnWindow(DELIVERED, reason, at(now)),
    '%s at %s is within: %s',
    [
      ['does_not_fit', '2026-03-16T10:00:00.000Z', true],
      ['does_not_fit', '2026-03-16T10:00:00.001Z', false],
      ['damaged', '2026-03-08T10:00:00.000Z', true],
      ['damaged', '2026-03-08T10:00:01.000Z', false],
      ['wrong_product', '2026-03-05T00:00:00.000Z', true],
    ],
  )

  it('names the deadline', () => {
    expect(returnDeadline(DELIVERED, 'other').toISOString()).toBe('2026-03-16T10:00:00.000Z')
  })
})

describe('the order of a complaint’s statuses', () => {
  const allowed = new Set([
    'requested>approved',
    'requested>rejected',
    'approved>received',
    'approved>rejected',
    'received>refunded',
    'received>replaced',
  ])
  for (const from of RETURN_STATUSES) {
    for (const to of RETURN_STATUSES) {
      const key = `${from}>${to}`
      it(`${key}: ${allowed.has(key) ? 'allowed' : 'refused'}`, () => {
        expect(canMoveReturn(from, to)).toBe(allowed.has(key))
      })
    }
  }
})
