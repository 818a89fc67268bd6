import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { createUser, json, signInAs, TEST_PASSWORD } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'

// docs/decisions.md, Security, and OWASP ASVS 2.1.7: the most common passwords are refused wherever one is chosen.
const test = useTestApp()

const tooCommon = { message: messages.auth.passwordTooCommon, code: 'VALIDATION_FAILED' }
const registration = {
  email: 'nova@test.ba',
  full_name: 'Nova Kupkinja',
  date_of_birth: '1990-05-05',
  newsletter_subscription: false,
}

describe('a common password', () => {
  it.each(['password', '12345678', 'Qwertyuiop', 'Sunshine'])('%s is refused at registration', async (password) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration, password },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject(tooCommon)
    const { rows } = await test.db.query('select 1 from users where email = $1', [registration.email])
    expect(rows).toHaveLength(0)
  })

  it('is refused as a new password, in a reset and when an admin sets one', async () => {
    const user = await createUser(test.db)
    const token = await test.app.tokens.sign({ userId: user.id, role: 'user', tokenVersion: 0 })
    const change = await test.app.inject({
      method: 'PATCH',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'password1' },
    })
    expect(change.statusCode).toBe(400)
    expect(json(change)).toMatchObject(tooCommon)

    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/any-token',
      payload: { password: 'football' },
    })
    expect(reset.statusCode).toBe(400)
    expect(json(reset)).toMatchObject(tooCommon)

    const admin = await signInAs(test, 'admin')
    const set = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(user.email)}/password`,
      headers: admin,
      payload: { password: 'baseball' },
    })
    expect(set.statusCode).toBe(400)
    expect(json(set)).toMatchObject(tooCommon)
  })

  it('leaves other passwords alone: registration with the demo password works', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration, password: 'Demo1234!' },
    })
    expect(response.statusCode).toBe(201)
  })
})
