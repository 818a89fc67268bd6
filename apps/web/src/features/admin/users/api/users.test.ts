import { describe, expect, it } from 'vitest'
import { toUserList } from './users.ts'

const ana = {
  id: '1',
  email: 'ana@mail.ba',
  full_name: 'Ana',
  roles: ['user'],
  isVerified: true,
  isDisabled: false,
  created_at: '2026-01-02T10:00:00.000Z',
}

describe('toUserList', () => {
  it('reads the server page with its numbers', () => {
    expect(toUserList({ users: [ana], total: 41, isTotalExact: true, page: 2, pages: 3, pageSize: 20 }, 2)).toEqual({
      users: [ana],
      total: 41,
      isTotalExact: true,
      page: 2,
      pages: 3,
      pageSize: 20,
    })
  })

  it('accepts a plain array, numeric keys and a data wrapper (§7), as one page', () => {
    const expected = { users: [ana], total: 1, isTotalExact: true, page: 1, pages: 1, pageSize: 1 }
    expect(toUserList([ana], 1)).toEqual(expected)
    expect(toUserList({ 0: ana }, 1)).toEqual(expected)
    expect(toUserList({ data: [ana] }, 1)).toEqual(expected)
  })

  it('keeps a capped search total and never fewer than one page', () => {
    expect(toUserList({ users: [], total: 1000, isTotalExact: false, pages: 0 }, 1)).toMatchObject({
      total: 1000,
      isTotalExact: false,
      pages: 1,
    })
  })
})
