import { describe, expect, it } from 'vitest'
import { sortNewestFirst } from './orders.ts'

describe('sortNewestFirst', () => {
  it('puts the newest order first whatever order the server answered in', () => {
    const orders = [
      { id: 'a', created_at: '2025-01-02T10:00:00.000Z' },
      { id: 'b', created_at: '2025-03-01T08:00:00.000Z' },
      { id: 'c', created_at: '2025-01-02T11:00:00.000Z' },
    ]
    expect(sortNewestFirst(orders).map((order) => order.id)).toEqual(['b', 'c', 'a'])
    expect(orders.map((order) => order.id)).toEqual(['a', 'b', 'c'])
  })
})
