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

/** A customer's own change, a reset and an admin's set each refuse their password with the expected answer. */
async function expectRefusedWhereverChosen(
  passwords: { change: string; reset: string; admin: string },
  expected: { message: string; code: string },
): Promise<void> {
  const user = await createUser(test.db)
  const token = await test.app.tokens.sign({ userId: user.id, role: 'user', tokenVersion: 0 })
  const answers = [
    await test.app.inject({
      method: 'PATCH',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: passwords.change },
    }),
    await test.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/any-token',
      payload: { password: passwords.reset },
    }),
    await test.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(user.email)}/password`,
      headers: await signInAs(test, 'admin'),
      payload: { password: passwords.admin },
    }),
  ]
  for (const answer of answers) {
    expect(answer.statusCode).toBe(400)
    expect(json(answer)).toMatchObject(expected)
  }
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
    await expectRefusedWhereverChosen({ change: 'password1', reset: 'football', admin: 'baseball' }, tooCommon)
  })

  it('leaves other passwords alone: a passphrase registers', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration, password: 'Kiseli-kupus-2026' },
    })
    expect(response.statusCode).toBe(201)
  })
})

// docs/decisions.md, 'Passwords that are guessed first': the patterns a guesser tries first.
const tooGuessable = { message: messages.auth.passwordTooGuessable, code: 'VALIDATION_FAILED' }

describe('a password guessed first', () => {
  it.each([
    'aaaaaaaa',
    'Password1!',
    'Sarajevo2024',
    'iloveyou1',
    'Demo1234!',
    'Abcd1234!',
    'Sovici2026!',
    'P@ssw0rd!',
  ])('%s is refused at registration', async (password) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration, email: 'pogadjanje@test.ba', password },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject(tooGuessable)
  })

  it('is refused as a new password, in a reset and when an admin sets one (the demo password too)', async () => {
    await expectRefusedWhereverChosen({ change: 'Demo1234!', reset: 'Trgovina2026', admin: '12121212!' }, tooGuessable)
  })
})
