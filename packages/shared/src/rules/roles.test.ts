import { describe, expect, it } from 'vitest'
import { canSeeWholesalePrices, hasAnyRole, isStaff, normaliseRoles, primaryRole } from './roles.ts'
import { itReturns } from './test-support.ts'

describe('roles', () => {
  itReturns(primaryRole, 'primaryRole(%j) is %s', [
    [['user'], 'user'],
    [['user', 'wholesale'], 'wholesale'],
    [['user', 'ADMIN', 'store_manager'], 'admin'],
    [['Store_Manager'], 'store_manager'],
    [[], 'user'],
    [['nonsense'], 'user'],
  ])

  it('compares roles case-insensitively and drops unknown ones', () => {
    expect(normaliseRoles([' Admin ', 'WHOLESALE', 'root'])).toEqual(['admin', 'wholesale'])
    expect(hasAnyRole(['ADMIN'], ['admin'])).toBe(true)
    expect(hasAnyRole(undefined, ['admin'])).toBe(false)
  })

  it('lets only staff into the staff area and entitled roles see wholesale prices', () => {
    expect(isStaff(['store_manager'])).toBe(true)
    expect(isStaff(['wholesale'])).toBe(false)
    expect(canSeeWholesalePrices(['wholesale'])).toBe(true)
    expect(canSeeWholesalePrices(['user'])).toBe(false)
    expect(canSeeWholesalePrices(undefined)).toBe(false)
  })
})
