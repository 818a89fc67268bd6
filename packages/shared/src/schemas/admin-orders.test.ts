import { describe, expect, it } from 'vitest'
import { adminOrderListQuery, orderStatusInput } from './admin-orders.ts'

describe('adminOrderListQuery', () => {
  it('defaults to the newest orders first, page 1 of 20', () => {
    expect(adminOrderListQuery.parse({})).toEqual({ sort: 'date-desc', page: 1, limit: 20 })
  })

  it('trims the search and reads numbers from the query string', () => {
    expect(adminOrderListQuery.parse({ search: '  ana ', page: '3', limit: '50', status: 'shipped' })).toEqual({
      search: 'ana',
      status: 'shipped',
      sort: 'date-desc',
      page: 3,
      limit: 50,
    })
  })

  it.each([{ status: 'lost' }, { sort: 'name' }, { page: '0' }, { limit: '101' }, { search: 'x'.repeat(101) }])(
    'refuses %j',
    (query) => {
      expect(adminOrderListQuery.safeParse(query).success).toBe(false)
    },
  )
})

describe('orderStatusInput', () => {
  it('accepts the six statuses and names them when refusing another', () => {
    expect(orderStatusInput.parse({ status: 'ready_for_pickup' })).toEqual({ status: 'ready_for_pickup' })
    const result = orderStatusInput.safeParse({ status: 'delivered' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toContain('pending, processing, shipped')
  })
})
