import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, getGuestSession, getSession, parseSessionUser, saveSession } from './auth-storage.ts'

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

describe('the stored session', () => {
  let stored: Map<string, string>

  beforeEach(() => {
    stored = new Map()
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    })
  })
  afterEach(() => {
    clearSession()
    vi.unstubAllGlobals()
  })

  it("is for a guest the server render's own value, so the hydration renders nothing again", () => {
    expect(getSession()).toBe(getGuestSession())
    saveSession('token-1', { id: 'u1', email: 'a@b.ba', role: 'user', roles: ['user'] })
    expect(getSession()).not.toBe(getGuestSession())
    expect(getSession().token).toBe('token-1')
    clearSession()
    expect(getSession()).toBe(getGuestSession())
  })
})
