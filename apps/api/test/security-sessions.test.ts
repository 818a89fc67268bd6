import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { SESSION_MAX_AGE_SECONDS } from '../src/platform/tokens.ts'
import { createUser, json, postSignIn, TEST_PASSWORD } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'

// docs/decisions.md, Security: a sign-out on the server, an absolute session lifetime, and tokens that stop
// working at once after a password change, a reset and a disable.
const test = useTestApp()
let addressCounter = 0
const freshAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await postSignIn(test, { email, password }, { remoteAddress: freshAddress() })
  expect(response.statusCode, response.body).toBe(200)
  return json<{ token: string }>(response).token
}

const me = (token: string) =>
  test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })

describe('POST /api/auth/logout', () => {
  it('ends the token at once, and every other token of the user', async () => {
    const user = await createUser(test.db)
    const first = await signIn(user.email)
    const second = await signIn(user.email)
    expect((await me(first)).statusCode).toBe(200)
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${first}` },
    })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ message: messages.auth.signedOut })
    for (const token of [first, second]) {
      const after = await me(token)
      expect(after.statusCode).toBe(401)
      expect(json(after)).toMatchObject({ code: 'TOKEN_EXPIRED' })
    }
    // Signing in again works.
    expect((await me(await signIn(user.email))).statusCode).toBe(200)
  })

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/logout' })
    expect(response.statusCode).toBe(401)
  })
})

describe('absolute session lifetime', () => {
  it('a token renewed on use still ends 30 days after the sign-in', async () => {
    const user = await createUser(test.db)
    const start = test.clock.now
    let token = await signIn(user.email)
    let renewals = 0
    // Used every two days: renewed each time, never idle long enough to expire on its own.
    for (let day = 2; day * 24 * 3600 < SESSION_MAX_AGE_SECONDS; day += 2) {
      test.clock.now = start + day * 24 * 3600 * 1000
      const response = await me(token)
      expect(response.statusCode, `day ${day}`).toBe(200)
      const renewed = response.headers['x-auth-token']
      if (typeof renewed === 'string') {
        token = renewed
        renewals += 1
      }
    }
    expect(renewals).toBeGreaterThan(10)
    test.clock.now = start + SESSION_MAX_AGE_SECONDS * 1000
    const response = await me(token)
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ code: 'TOKEN_EXPIRED' })
    test.clock.now = Date.now()
  })
})

describe('a token stops working at once', () => {
  it('after a password change (the new token of that session works)', async () => {
    const user = await createUser(test.db)
    const old = await signIn(user.email)
    const other = await signIn(user.email)
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${old}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Nova-lozinka-2026' },
    })
    expect(response.statusCode).toBe(200)
    expect((await me(old)).statusCode).toBe(401)
    expect((await me(other)).statusCode).toBe(401)
    expect((await me(json<{ token: string }>(response).token)).statusCode).toBe(200)
  })

  it('after a password reset', async () => {
    const user = await createUser(test.db)
    const old = await signIn(user.email)
    await test.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshAddress(),
    })
    const { rows } = await test.db.query<{ text_body: string }>(
      `select text_body from outbox where to_address = $1 and kind = 'reset_password' order by id desc limit 1`,
      [user.email],
    )
    const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(rows[0]?.text_body ?? '')?.[1]
    expect(resetToken).toBeTruthy()
    const reset = await test.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: 'Nova-lozinka-2026' },
    })
    expect(reset.statusCode).toBe(200)
    expect((await me(old)).statusCode).toBe(401)
  })

  it('after the account is disabled', async () => {
    const user = await createUser(test.db)
    const token = await signIn(user.email)
    await test.db.query('update users set is_disabled = true where id = $1', [user.id])
    const response = await me(token)
    expect(response.statusCode).toBe(403)
    expect(json(response)).toMatchObject({ code: 'ACCOUNT_DISABLED' })
  })
})
