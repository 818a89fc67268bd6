import { describe, expect, it } from 'vitest'
import { isOrderPageLinkOpen, orderPageLinkExpiresAt, orderTimeline } from './order-page.ts'
import { itReturns } from './test-support.ts'

describe('isOrderPageLinkOpen', () => {
  const placed = '2026-03-15T10:00:00.000Z'
  itReturns((_moment: string, now: string) => isOrderPageLinkOpen(placed, Date.parse(now)), '%s: %s', [
    ['the moment it is placed', '2026-03-15T10:00:00.000Z', true],
    ['a day before its first anniversary', '2027-03-14T10:00:00.000Z', true],
    ['a millisecond before the year is over', '2027-03-15T09:59:59.999Z', true],
    ['at the anniversary', '2027-03-15T10:00:00.000Z', false],
    ['two years on', '2028-03-15T10:00:00.000Z', false],
  ])

  it('counts a calendar year, also from 29 February', () => {
    expect(orderPageLinkExpiresAt('2028-02-29T12:00:00.000Z').toISOString()).toBe('2029-03-01T12:00:00.000Z')
  })
})

describe('orderTimeline', () => {
  const order = { createdAt: '2026-03-15T10:00:00.000Z', updatedAt: '2026-03-17T08:00:00.000Z' }

  it('starts with the placing and follows the recorded changes', () => {
    const changes = [
      { status: 'processing', at: '2026-03-16T09:00:00.000Z' },
      { status: 'shipped', at: '2026-03-17T08:00:00.000Z' },
    ]
    expect(orderTimeline({ ...order, status: 'shipped' }, changes)).toEqual([
      { status: 'pending', at: order.createdAt },
      ...changes,
    ])
  })

  it('is the placing alone for a new order', () => {
    expect(orderTimeline({ ...order, status: 'pending' }, [])).toEqual([{ status: 'pending', at: order.createdAt }])
  })

  it('ends in the current status at the last update when no change was recorded', () => {
    expect(orderTimeline({ ...order, status: 'completed' }, [])).toEqual([
      { status: 'pending', at: order.createdAt },
      { status: 'completed', at: order.updatedAt },
    ])
  })

  it('keeps a change back to pending as a step of its own', () => {
    const changes = [
      { status: 'cancelled', at: '2026-03-16T09:00:00.000Z' },
      { status: 'pending', at: '2026-03-16T10:00:00.000Z' },
    ]
    expect(orderTimeline({ ...order, status: 'pending' }, changes)).toHaveLength(3)
  })
})
