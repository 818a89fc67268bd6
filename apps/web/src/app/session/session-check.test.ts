import { describe, expect, it, vi } from 'vitest'
import { errorFromResponse, networkError } from '../../lib/api-client.ts'
import { confirmStoredSession, readCurrentUser, type SessionCheckDeps } from './session-check.ts'

const apiUser = {
  id: 'u1',
  _id: 'u1',
  email: 'ana@demo.ba',
  role: 'user',
  roles: ['user'],
  isVerified: true,
  profile: null,
}

function deps(answer: () => Promise<unknown>, currentToken: () => string | null = () => 'stored') {
  return {
    fetchCurrentUser: vi.fn(answer),
    getToken: vi.fn(currentToken),
    saveUser: vi.fn(),
    clearSession: vi.fn(),
  } satisfies SessionCheckDeps
}

describe('readCurrentUser', () => {
  it.each([
    ['a user', apiUser, 'u1'],
    ['a user wrapped as {user}', { user: apiUser }, 'u1'],
    ['no user', { message: 'x' }, null],
  ])('%s', (_case, body, id) => {
    expect(readCurrentUser(body)?.id ?? null).toBe(id)
  })
})

describe('confirmStoredSession (customer-side.md §4 Session)', () => {
  it('keeps the session and refreshes the stored user when the server knows the token', async () => {
    const check = deps(() => Promise.resolve(apiUser))
    await confirmStoredSession('stored', check)
    expect(check.saveUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1', email: 'ana@demo.ba' }))
    expect(check.clearSession).not.toHaveBeenCalled()
  })

  it.each([
    ['401 TOKEN_EXPIRED', errorFromResponse(401, { code: 'TOKEN_EXPIRED' })],
    ['401 TOKEN_INVALID', errorFromResponse(401, { code: 'TOKEN_INVALID' })],
    ['403 ACCOUNT_DISABLED', errorFromResponse(403, { code: 'ACCOUNT_DISABLED' })],
  ])('clears token and user when the server refuses them: %s', async (_case, error) => {
    const check = deps(() => Promise.reject(error))
    await confirmStoredSession('stored', check)
    expect(check.clearSession).toHaveBeenCalledOnce()
  })

  it('clears the session when the answer carries no user', async () => {
    const check = deps(() => Promise.resolve({}))
    await confirmStoredSession('stored', check)
    expect(check.clearSession).toHaveBeenCalledOnce()
    expect(check.saveUser).not.toHaveBeenCalled()
  })

  it.each([
    ['a server failure', errorFromResponse(503, {})],
    ['no answer', networkError(new TypeError('Failed to fetch'))],
  ])('keeps the session on %s', async (_case, error) => {
    const check = deps(() => Promise.reject(error))
    await confirmStoredSession('stored', check)
    expect(check.clearSession).not.toHaveBeenCalled()
  })

  it('changes nothing when another sign-in replaced the token meanwhile', async () => {
    const refused = deps(
      () => Promise.reject(errorFromResponse(401, { code: 'TOKEN_EXPIRED' })),
      () => 'newer',
    )
    await confirmStoredSession('stored', refused)
    const accepted = deps(
      () => Promise.resolve(apiUser),
      () => null,
    )
    await confirmStoredSession('stored', accepted)
    expect(refused.clearSession).not.toHaveBeenCalled()
    expect(accepted.saveUser).not.toHaveBeenCalled()
  })
})
