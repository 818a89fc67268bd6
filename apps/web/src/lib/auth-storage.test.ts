import { describe, expect, it } from 'vitest'
import { parseSessionUser } from './auth-storage.ts'

describe('parseSessionUser', () => {
  it.each([
    [
      'the API user',
      {
        id: 'u1',
        _id: 'u1',
        email: 'a@b.ba',
        role: 'admin',
        roles: ['admin'],
        isVerified: true,
        profile: { full_name: 'Ana' },
      },
      { id: 'u1', email: 'a@b.ba', role: 'admin', roles: ['admin'], isVerified: true, profile: { full_name: 'Ana' } },
    ],
    [
      'only _id and a role',
      { _id: 7, email: 'a@b.ba', role: 'Store_Manager' },
      { id: '7', email: 'a@b.ba', role: 'Store_Manager', roles: ['Store_Manager'] },
    ],
    [
      'only roles',
      { id: 'u1', email: 'a@b.ba', roles: ['wholesale', 'user'] },
      { id: 'u1', email: 'a@b.ba', role: 'wholesale', roles: ['wholesale', 'user'] },
    ],
    ['no role at all', { id: 'u1', email: 'a@b.ba' }, { id: 'u1', email: 'a@b.ba', role: 'user', roles: ['user'] }],
    ['no id', { email: 'a@b.ba', role: 'user' }, null],
    ['no e-mail', { id: 'u1', role: 'user' }, null],
    ['null', null, null],
    ['a string', 'user', null],
  ])('reads %s', (_case, value, expected) => {
    expect(parseSessionUser(value)).toEqual(expected)
  })
})
