import { createHash, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { allGive } from '@shop/shared/rules/test-support.ts'
import { CUSTOMER_ADDRESS } from '@shop/shared/schemas/test-support.ts'
import { createUser, json, signInAs, TEST_PASSWORD } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
const { auth } = messages

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
let addressCounter = 0
/** A fresh client address per test, so that the 20-per-address lock-out of one test never leaks into another. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

let emailCounter = 0
const freshEmail = (prefix = 'kupac') => `${prefix}${++emailCounter}-${Date.now()}@example.ba`

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: freshEmail(),
    password: 'Zelena-Jabuka-71',
    ...CUSTOMER_ADDRESS,
    gender: 'female',
    date_of_birth: '1990-06-15',
    newsletter_subscription: false,
    ...overrides,
  }
}

// Each call from its own address by default: the per-address limits are tested in test/security-*.test.ts.
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
  test.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress })

async function latestMail(
  to: string,
  kind: string,
): Promise<{ subject: string; text_body: string; html_body: string } | undefined> {
  const { rows } = await test.db.query<{ subject: string; text_body: string; html_body: string }>(
    'select subject, text_body, html_body from outbox where to_address = $1 and kind = $2 order by id desc limit 1',
    [to, kind],
  )
  return rows[0]
}

async function mailCount(to: string): Promise<number> {
  const { rows } = await test.db.query<{ count: number }>(
    'select count(*)::int as count from outbox where to_address = $1',
    [to],
  )
  return rows[0]!.count
}

function tokenFrom(text: string | undefined, path: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`http://shop\\.test/${path}/([A-Za-z0-9_-]+)`).exec(text ?? '')
  if (!match) throw new Error(`no ${path} link in ${text}`)
  return match[1]!
}

async function registerVerified(overrides: Record<string, unknown> = {}): Promise<{ email: string; password: string }> {
  const payload = registration(overrides)
  expect((await post('/api/auth/register', payload)).statusCode).toBe(201)
  const email = String(payload.email).trim().toLowerCase()
  const token = tokenFrom((await latestMail(email, 'verify_email'))?.text_body, 'verify-email')
  expect((await post(`/api/auth/verify-email/${token}`, {})).statusCode).toBe(200)
  return { email, password: String(payload.password) }
}

async function signIn(email: string, password: string, remoteAddress = freshAddress()) {
  return post('/api/auth/login', { email, password }, {}, remoteAddress)
}

describe('POST /api/auth/register', () => {
  it('creates an unverified user, a hashed 24 h verification token and a mail, and answers no token', async () => {
    const payload = registration({ email: '  Nova.Kupac@Example.BA ', role: 'admin', newsletter_subscription: true })
    const response = await post('/api/auth/register', payload)
    expect(response.statusCode).toBe(201)
    const body = json<{ user: Record<string, unknown>; verification: unknown; token?: string }>(response)
    expect(body.token).toBeUndefined()
    expect(body.verification).toEqual({ sent: true })
    expect(body.user).toMatchObject({
      email: 'nova.kupac@example.ba',
      role: 'user',
      roles: ['user'],
      isVerified: false,
      profile: {
        full_name: 'Ana Kovač',
        phone_number: '+387 63 123 456',
        state: 'Zapadno-Hercegovački kanton',
        zip_code: '88340',
        country: 'Bosna i Hercegovina',
        gender: 'female',
        date_of_birth: '1990-06-15',
        newsletter_subscription: true,
        role: 'user',
      },
    })
    expect(body.user._id).toBe(body.user.id)

    const { rows: users } = await test.db.query<{ password_hash: string }>(
      'select password_hash from users where email = $1',
      ['nova.kupac@example.ba'],
    )
    expect(users[0]!.password_hash).toMatch(/^\$argon2id\$/)

    const mail = await latestMail('nova.kupac@example.ba', 'verify_email')
    expect(mail?.subject).toContain('Trgovina')
    expect(mail?.html_body).toContain('http://shop.test/verify-email/')
    const token = tokenFrom(mail?.text_body, 'verify-email')
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const { rows: tokens } = await test.db.query<{
      token_hash: string
      purpose: string
      expires_at: Date
      created_at: Date
    }>(
      `select t.token_hash, t.purpose, t.expires_at, t.created_at from user_tokens t join users u on u.id = t.user_id
        where u.email = $1`,
      ['nova.kupac@example.ba'],
    )
    expect(tokens).toHaveLength(1)
    expect(tokens[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(tokens[0]!.purpose).toBe('verify_email')
    expect(tokens[0]!.expires_at.getTime() - tokens[0]!.created_at.getTime()).toBe(DAY)
  })

  it('stores the country as Bosna i Hercegovina whatever is sent, and empty optional fields as empty', async () => {
    const response = await post(
      '/api/auth/register',
      registration({ country: 'Bosnia and Herzegovina', gender: '', state: '', zip_code: '', phone_number: '' }),
    )
    expect(response.statusCode).toBe(201)
    expect(json<{ user: { profile: unknown } }>(response).user.profile).toMatchObject({
      country: 'Bosna i Hercegovina',
      gender: '',
      state: '',
      zip_code: '',
      phone_number: '',
    })
  })

  it('answers 409 USER_EXISTS for a taken e-mail, in any letter case', async () => {
    const payload = registration()
    expect((await post('/api/auth/register', payload)).statusCode).toBe(201)
    const again = await post('/api/auth/register', { ...payload, email: ` ${String(payload.email).toUpperCase()} ` })
    expect(again.statusCode).toBe(409)
    expect(json(again)).toEqual({ message: 'User already exists', error: 'User already exists', code: 'USER_EXISTS' })
  })

  it('answers 409 USER_EXISTS for the same e-mail in fullwidth letters or with a ligature (one e-mail, one account)', async () => {
    const payload = registration({ email: `fi${randomUUID().slice(0, 8)}@test.ba` })
    expect((await post('/api/auth/register', payload)).statusCode).toBe(201)
    const email = String(payload.email)
    for (const lookalike of [`\ufb01${email.slice(2)}`, email.replace('@test.ba', '@\uff54est.ba')]) {
      const again = await post('/api/auth/register', { ...payload, email: lookalike })
      expect(again.statusCode, lookalike).toBe(409)
      expect(json(again).code).toBe('USER_EXISTS')
    }
  })

  it.each([
    ['a zero-width space', 'ku\u200bpac@test.ba'],
    ['a right-to-left override', '\u202ekupac@test.ba'],
    ['a Cyrillic a', 'kup\u0430c@test.ba'],
    ['a dotless i', 'k\u0131ra@test.ba'],
  ])('refuses an e-mail with %s: 400 with the look-alike message, and stores nothing', async (_what, email) => {
    const response = await post('/api/auth/register', registration({ email }))
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual({
      message: messages.common.emailLookAlike,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
    const { rows } = await test.db.query('select 1 from users where email = $1', [email])
    expect(rows).toHaveLength(0)
  })

  it('keeps a non-normalised e-mail out of the database even when written past the API', async () => {
    await expect(
      test.db.query(`insert into users (email, password_hash) values ($1, 'x')`, ['ku\u200bpac-db@test.ba']),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it.each<readonly [change: Record<string, unknown>, message: string]>([
    ...allGive([{ email: undefined }, { password: '' }, { full_name: '  ' }], auth.requiredFields),
    [{ password: '1234567' }, auth.passwordTooShort],
    [{ email: 'ana.example.ba' }, auth.registerEmailInvalid],
    [{ date_of_birth: undefined }, auth.dateOfBirthRequired],
    ...allGive([{ date_of_birth: '15.06.1990' }, { date_of_birth: '1850-06-15' }], auth.dateOfBirthFormat),
    [{ date_of_birth: '2000-02-31' }, auth.dateOfBirthInvalid],
    [{ state: 'Bavarska' }, messages.account.stateInvalid],
    [{ gender: 'robot' }, messages.account.genderInvalid],
  ])('refuses %j with 400 VALIDATION_FAILED: %s', async (change, message) => {
    const response = await post('/api/auth/register', registration(change))
    expectValidationFailed(response, message)
  })

  it('takes "today" from the server clock for the age of 18', async () => {
    const saved = test.clock.now
    try {
      test.clock.now = Date.UTC(2024, 4, 10, 10, 0)
      const adult = await post('/api/auth/register', registration({ date_of_birth: '2006-05-10' }))
      expect(adult.statusCode).toBe(201)
      const minor = await post('/api/auth/register', registration({ date_of_birth: '2006-05-11' }))
      expect(minor.statusCode).toBe(400)
      expect(json(minor)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Za registraciju morate imati najmanje 18 godina',
      })
    } finally {
      test.clock.now = saved
    }
  })
})

describe('e-mail verification', () => {
  it('keeps an unverified user out with 403 EMAIL_NOT_VERIFIED until the link is followed, once', async () => {
    const payload = registration()
    await post('/api/auth/register', payload)
    const email = String(payload.email)

    const early = await signIn(email, 'Zelena-Jabuka-71')
    expectErrorAnswer(early, 403, {
      message: 'Please verify your email before logging in.',
      error: 'Email not verified',
      code: 'EMAIL_NOT_VERIFIED',
    })
    // With a wrong password an unverified account looks like any other failure.
    expect((await signIn(email, 'Pogresna123')).statusCode).toBe(401)

    const token = tokenFrom((await latestMail(email, 'verify_email'))?.text_body, 'verify-email')
    const verified = await post(`/api/auth/verify-email/${token}`, {})
    expect(verified.statusCode).toBe(200)
    expect(json(verified)).toMatchObject({ verified: true })
    expect((await signIn(email, 'Zelena-Jabuka-71')).statusCode).toBe(200)

    const again = await post(`/api/auth/verify-email/${token}`, {})
    expectErrorAnswer(again, 400, {
      message: 'Poveznica za potvrdu e-pošte nije valjana ili je istekla.',
      error: 'Bad Request',
      code: 'INVALID_VERIFICATION_TOKEN',
    })
  })

  it('refuses a link older than 24 hours and a made-up one', async () => {
    const payload = registration()
    await post('/api/auth/register', payload)
    const token = tokenFrom((await latestMail(String(payload.email), 'verify_email'))?.text_body, 'verify-email')
    const saved = test.clock.now
    try {
      test.clock.now += DAY + 1000
      const late = await post(`/api/auth/verify-email/${token}`, {})
      expect(late.statusCode).toBe(400)
      expect(json(late)).toMatchObject({ code: 'INVALID_VERIFICATION_TOKEN' })
    } finally {
      test.clock.now = saved
    }
    const madeUp = await post('/api/auth/verify-email/nije-pravi-token', {})
    expect(madeUp.statusCode).toBe(400)
    expect(json(madeUp)).toMatchObject({ code: 'INVALID_VERIFICATION_TOKEN' })
  })

  it('resends only to an existing unverified user, at most once a minute, with one neutral answer', async () => {
    const neutral = {
      message: 'Ako postoji nepotvrđen račun s ovom adresom, poslali smo novu poveznicu za potvrdu.',
    }
    const payload = registration()
    await post('/api/auth/register', payload)
    const email = String(payload.email)
    expect(await mailCount(email)).toBe(1)

    const tooSoon = await post('/api/auth/resend-verification', { email })
    expect(tooSoon.statusCode).toBe(200)
    expect(json(tooSoon)).toEqual(neutral)
    expect(await mailCount(email)).toBe(1)

    const saved = test.clock.now
    try {
      test.clock.now += 61_000
      const resent = await post('/api/auth/resend-verification', { email: ` ${email.toUpperCase()} ` })
      expect(json(resent)).toEqual(neutral)
      expect(await mailCount(email)).toBe(2)
      // The new link works; so would the first, until one of them is used.
      const token = tokenFrom((await latestMail(email, 'verify_email'))?.text_body, 'verify-email')
      expect((await post(`/api/auth/verify-email/${token}`, {})).statusCode).toBe(200)

      test.clock.now += 61_000
      const verifiedUser = await post('/api/auth/resend-verification', { email })
      expect(json(verifiedUser)).toEqual(neutral)
      expect(await mailCount(email)).toBe(2)
    } finally {
      test.clock.now = saved
    }

    const unknown = await post('/api/auth/resend-verification', { email: 'niko@example.ba' })
    expect(unknown.statusCode).toBe(200)
    expect(json(unknown)).toEqual(neutral)
    expect(await mailCount('niko@example.ba')).toBe(0)
  })

  it.each([
    [{}, 'Email je obavezan'],
    [{ email: 'nije-email' }, 'Unesite ispravnu email adresu'],
  ])('resend refuses %j: %s', async (payload, message) => {
    const response = await post('/api/auth/resend-verification', payload)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })
})

describe('POST /api/auth/login', () => {
  it('signs in with a trimmed, lower-cased e-mail and answers {token, user}', async () => {
    const { email, password } = await registerVerified()
    const response = await signIn(`  ${email.toUpperCase()} `, password)
    expect(response.statusCode).toBe(200)
    const body = json<{ token: string; user: Record<string, unknown> }>(response)
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(body.user).toMatchObject({ email, role: 'user', isVerified: true })
    const me = await test.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } })
    expect(me.statusCode).toBe(200)
  })

  it.each([
    [{}, 'Email i lozinka su obavezni'],
    [{ email: 'ana@example.ba' }, 'Email i lozinka su obavezni'],
    [{ email: '', password: 'x' }, 'Email i lozinka su obavezni'],
    [{ password: 'x' }, 'Email i lozinka su obavezni'],
    [{ email: 'ana.example.ba', password: 'x' }, 'Unesite ispravnu email adresu'],
  ])('refuses %j with 400: %s', async (payload, message) => {
    const response = await post('/api/auth/login', payload, {}, freshAddress())
    expectValidationFailed(response, message)
  })

  it('answers an unknown e-mail and a wrong password alike, 401 INVALID_CREDENTIALS, and audits both', async () => {
    const user = await createUser(test.db, { email: freshEmail('poznat') })
    const expected = {
      message: 'Pogrešan email ili lozinka',
      error: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
    }
    const unknownEmail = freshEmail('nepoznat')
    const unknown = await signIn(unknownEmail, TEST_PASSWORD)
    const wrong = await signIn(user.email, 'Pogresna123')
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(json(unknown)).toEqual(expected)
    expect(json(wrong)).toEqual(expected)

    const { rows } = await test.db.query<{
      action: string
      entity: string
      entity_id: string | null
      after: { email: string }
    }>(
      `select action, entity, entity_id, after from audit_log
        where action = 'sign_in_failed' and after->>'email' in ($1, $2) order by id`,
      [unknownEmail, user.email],
    )
    expect(rows).toMatchObject([
      {
        action: 'sign_in_failed',
        entity: 'user',
        entity_id: null,
        after: { email: unknownEmail, reason: 'unknown_email' },
      },
      {
        action: 'sign_in_failed',
        entity: 'user',
        entity_id: user.id,
        after: { email: user.email, reason: 'wrong_password' },
      },
    ])
  })

  it('answers 403 ACCOUNT_DISABLED for a disabled account with the right password', async () => {
    const user = await createUser(test.db, { email: freshEmail('ugasen') })
    await test.db.query('update users set is_disabled = true where id = $1', [user.id])
    expectErrorAnswer(await signIn(user.email, TEST_PASSWORD), 403, {
      message: 'Vaš račun je deaktiviran. Molimo kontaktirajte podršku.',
      error: 'Account disabled',
      code: 'ACCOUNT_DISABLED',
    })
    expect((await signIn(user.email, 'Pogresna123')).statusCode).toBe(401)
  })
})

describe('sign-in lock-out', () => {
  const locked = {
    message: 'Previše neuspjelih pokušaja prijave. Molimo pokušajte ponovno kasnije.',
    error: 'Too many attempts',
    code: 'TOO_MANY_ATTEMPTS',
  }

  it('locks an e-mail after 5 failures for 15 minutes, even for the right password, and audits the lock once', async () => {
    const user = await createUser(test.db, { email: freshEmail('zakljucan') })
    const saved = test.clock.now
    try {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const failure = await signIn(user.email, `Pogresna${attempt}`, freshAddress())
        expect(failure.statusCode).toBe(401)
        test.clock.now += 1000
      }
      const refused = await signIn(user.email, TEST_PASSWORD, freshAddress())
      expect(refused.statusCode).toBe(429)
      expect(json(refused)).toEqual(locked)
      expect((await signIn(user.email, 'Pogresna9', freshAddress())).statusCode).toBe(429)

      const { rows } = await test.db.query<{ action: string; entity_id: string }>(
        `select action, entity_id from audit_log where action = 'sign_in_locked' and after->>'email' = $1`,
        [user.email],
      )
      expect(rows).toEqual([{ action: 'sign_in_locked', entity_id: user.id }])

      test.clock.now += 10 * 60 * 1000
      expect((await signIn(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(429)
      // 15 minutes after the first of the five failures the window has passed for it.
      test.clock.now += 5 * 60 * 1000
      expect((await signIn(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200)
    } finally {
      test.clock.now = saved
    }
  })

  it('counts failures for an e-mail only since its last successful sign-in', async () => {
    const user = await createUser(test.db, { email: freshEmail('uspjeh') })
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(user.email, 'Pogresna123')
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200)
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(user.email, 'Pogresna123')).statusCode).toBe(401)
    }
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('locks unknown e-mails too, so that the lock tells nothing', async () => {
    const email = freshEmail('nema')
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(email, 'Pogresna123')).statusCode).toBe(401)
    const refused = await signIn(email, 'Pogresna123')
    expect(refused.statusCode).toBe(429)
    expect(json(refused)).toEqual(locked)
  })

  it('locks one address after 20 failures on any e-mails, other addresses unaffected', async () => {
    const address = freshAddress()
    const user = await createUser(test.db, { email: freshEmail('adresa') })
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await signIn(freshEmail('napad'), 'Pogresna123', address)).statusCode).toBe(401)
    }
    const refused = await signIn(user.email, TEST_PASSWORD, address)
    expect(refused.statusCode).toBe(429)
    expect(json(refused)).toEqual(locked)
    expect((await signIn(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200)
    const { rows } = await test.db.query<{ count: number }>(
      `select count(*)::int as count from audit_log where action = 'sign_in_locked' and after->>'ip' = $1 and after->>'scope' = 'ip'`,
      [address],
    )
    expect(rows[0]!.count).toBe(1)
    // 22 password checks one after another: seconds on a quiet machine, up to a minute on a loaded one.
  }, 90_000)
})

describe('GET /api/auth/me and the session token', () => {
  it('answers 401 without a token', async () => {
    const response = await test.app.inject({ url: '/api/auth/me' })
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('answers the user with id, _id, role, roles, isVerified, dates and profile', async () => {
    const headers = await signInAs(test, 'store_manager')
    const response = await test.app.inject({ url: '/api/auth/me', headers })
    expect(response.statusCode).toBe(200)
    const user = json<Record<string, unknown> & { profile: Record<string, unknown> }>(response)
    expect(Object.keys(user).sort()).toEqual(
      ['_id', 'created_at', 'email', 'id', 'isVerified', 'profile', 'role', 'roles', 'updated_at'].sort(),
    )
    expect(user).toMatchObject({ role: 'store_manager', roles: ['user', 'store_manager'], isVerified: true })
    expect(Object.keys(user.profile).sort()).toEqual(
      [
        'city',
        'country',
        'date_of_birth',
        'full_name',
        'gender',
        'newsletter_subscription',
        'phone_number',
        'role',
        'state',
        'street_address',
        'zip_code',
      ].sort(),
    )
    expect(user.profile).toMatchObject({ role: 'store_manager', country: 'Bosna i Hercegovina' })
  })

  it('renews a token older than 24 hours in X-Auth-Token and refuses one older than 7 days with TOKEN_EXPIRED', async () => {
    const { email, password } = await registerVerified()
    const token = json<{ token: string }>(await signIn(email, password)).token
    const headers = { authorization: `Bearer ${token}` }
    const saved = test.clock.now
    try {
      const fresh = await test.app.inject({ url: '/api/auth/me', headers })
      expect(fresh.statusCode).toBe(200)
      expect(fresh.headers['x-auth-token']).toBeUndefined()

      test.clock.now = saved + DAY + 1000
      const old = await test.app.inject({ url: '/api/auth/me', headers })
      expect(old.statusCode).toBe(200)
      const renewed = old.headers['x-auth-token']
      expect(typeof renewed).toBe('string')
      expect(renewed).not.toBe(token)

      test.clock.now = saved + 7 * DAY + 1000
      const expired = await test.app.inject({ url: '/api/auth/me', headers })
      expect(expired.statusCode).toBe(401)
      expect(json(expired)).toMatchObject({
        code: 'TOKEN_EXPIRED',
        message: 'Sesija je istekla. Molimo prijavite se ponovno.',
      })
      const withRenewed = await test.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${String(renewed)}` },
      })
      expect(withRenewed.statusCode).toBe(200)
    } finally {
      test.clock.now = saved
    }
  })

  it('refuses a tampered token with 401 TOKEN_INVALID', async () => {
    const headers = await signInAs(test, 'user')
    const [header, payload, signature] = headers.authorization!.slice('Bearer '.length).split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    claims.role = 'admin'
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
    const response = await test.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${forged}` } })
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ code: 'TOKEN_INVALID' })
  })
})

describe('PATCH /api/auth/password', () => {
  const patch = (payload: unknown, headers: Record<string, string>) =>
    test.app.inject({
      method: 'PATCH',
      url: '/api/auth/password',
      payload: payload as Record<string, unknown>,
      headers,
    })

  it('answers 401 without a token', async () => {
    const response = await patch({ currentPassword: 'x', newPassword: '12345678' }, {})
    expect(response.statusCode).toBe(401)
  })

  it.each([
    [{ newPassword: 'NovaLozinka1' }, 'Unesite trenutnu lozinku'],
    [{ currentPassword: '', newPassword: 'NovaLozinka1' }, 'Unesite trenutnu lozinku'],
    [{ currentPassword: TEST_PASSWORD }, 'Unesite novu lozinku'],
    [{ currentPassword: TEST_PASSWORD, newPassword: '' }, 'Unesite novu lozinku'],
    [{ currentPassword: TEST_PASSWORD, newPassword: '1234567' }, 'Nova lozinka mora imati najmanje 8 znakova'],
  ])('refuses %j with 400: %s', async (payload, message) => {
    const response = await patch(payload, await signInAs(test, 'user'))
    expectValidationFailed(response, message)
  })

  it('refuses a wrong current password with 400 INVALID_CURRENT_PASSWORD', async () => {
    const response = await patch(
      { currentPassword: 'Pogresna123', newPassword: 'NovaLozinka1' },
      await signInAs(test, 'user'),
    )
    expectErrorAnswer(response, 400, {
      message: 'Trenutna lozinka nije ispravna',
      error: 'Bad Request',
      code: 'INVALID_CURRENT_PASSWORD',
    })
  })

  it('changes the password, signs older tokens out and answers a fresh token', async () => {
    const { email, password } = await registerVerified()
    const oldToken = json<{ token: string }>(await signIn(email, password)).token
    const response = await patch(
      { currentPassword: password, newPassword: 'NovaLozinka1' },
      { authorization: `Bearer ${oldToken}` },
    )
    expect(response.statusCode).toBe(200)
    const body = json<{ message: string; token: string }>(response)
    expect(body.message).toBe('Lozinka je uspješno promijenjena')

    const withOld = await test.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${oldToken}` } })
    expect(withOld.statusCode).toBe(401)
    expect(json(withOld)).toMatchObject({ code: 'TOKEN_EXPIRED' })
    const withNew = await test.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } })
    expect(withNew.statusCode).toBe(200)
    expect((await signIn(email, password)).statusCode).toBe(401)
    expect((await signIn(email, 'NovaLozinka1')).statusCode).toBe(200)
  })
})

describe('forgot and reset password', () => {
  const neutral = { message: 'Ako postoji račun s ovom adresom, poslali smo upute za postavljanje nove lozinke.' }
  // The message in Bosnian for the person; the specification's English as the label (staff-and-content.md §8).
  const invalid = {
    message: 'Poveznica za postavljanje nove lozinke nije valjana ili je istekla. Zatražite novu.',
    error: 'Invalid or expired reset token',
    code: 'INVALID_RESET_TOKEN',
  }

  it.each([
    ['/api/auth/forgot-password', {}, 'Email je obavezan'],
    ['/api/auth/forgot-password', { email: '   ' }, 'Email je obavezan'],
    ['/api/auth/forgot-password', { email: 'nije-email' }, 'Unesite ispravnu email adresu'],
    ['/api/auth/reset-password/bilo-koji', {}, 'Lozinka je obavezna'],
    ['/api/auth/reset-password/bilo-koji', { password: '' }, 'Lozinka je obavezna'],
    ['/api/auth/reset-password/bilo-koji', { password: '1234567' }, 'Lozinka mora imati najmanje 8 znakova'],
  ])('POST %s refuses %j: %s', async (url, payload, message) => {
    expectValidationFailed(await post(url, payload), message)
  })

  it('answers known and unknown e-mails alike and mails only a known one', async () => {
    const user = await createUser(test.db, { email: freshEmail('zaboravio') })
    const known = await post('/api/auth/forgot-password', { email: ` ${user.email.toUpperCase()} ` })
    const unknownEmail = freshEmail('nepoznat')
    const unknown = await post('/api/auth/forgot-password', { email: unknownEmail })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(json(known)).toEqual(neutral)
    expect(json(unknown)).toEqual(neutral)
    expect(await mailCount(unknownEmail)).toBe(0)
    const mail = await latestMail(user.email, 'reset_password')
    const token = tokenFrom(mail?.text_body, 'reset-password')
    const { rows } = await test.db.query<{ purpose: string; expires_at: Date; created_at: Date }>(
      'select purpose, expires_at, created_at from user_tokens where token_hash = $1',
      [createHash('sha256').update(token).digest('hex')],
    )
    expect(rows[0]!.purpose).toBe('reset_password')
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(HOUR)
  })

  it('checks, uses once, and signs every older session out', async () => {
    const { email, password } = await registerVerified()
    const session = json<{ token: string }>(await signIn(email, password)).token
    await post('/api/auth/forgot-password', { email })
    const token = tokenFrom((await latestMail(email, 'reset_password'))?.text_body, 'reset-password')

    const check = await test.app.inject({ url: `/api/auth/reset-password/${token}` })
    expect(check.statusCode).toBe(200)
    expect(json(check)).toEqual({ valid: true })

    const reset = await post(`/api/auth/reset-password/${token}`, { password: 'ResetLozinka1' })
    expect(reset.statusCode).toBe(200)
    expect(json(reset)).toEqual({ message: 'Lozinka je uspješno postavljena. Sada se možete prijaviti.' })

    const oldSession = await test.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${session}` } })
    expect(oldSession.statusCode).toBe(401)
    expect(json(oldSession)).toMatchObject({ code: 'TOKEN_EXPIRED' })
    expect((await signIn(email, password)).statusCode).toBe(401)
    expect((await signIn(email, 'ResetLozinka1')).statusCode).toBe(200)

    const second = await post(`/api/auth/reset-password/${token}`, { password: 'JosJedna123' })
    expect(second.statusCode).toBe(400)
    expect(json(second)).toEqual(invalid)
    const checkAgain = await test.app.inject({ url: `/api/auth/reset-password/${token}` })
    expect(checkAgain.statusCode).toBe(400)
    expect(json(checkAgain)).toEqual(invalid)
  })

  it('refuses a link older than 1 hour and a made-up one', async () => {
    const user = await createUser(test.db, { email: freshEmail('kasno') })
    await post('/api/auth/forgot-password', { email: user.email })
    const token = tokenFrom((await latestMail(user.email, 'reset_password'))?.text_body, 'reset-password')
    const saved = test.clock.now
    try {
      test.clock.now += HOUR + 1000
      const late = await test.app.inject({ url: `/api/auth/reset-password/${token}` })
      expect(late.statusCode).toBe(400)
      expect(json(late)).toEqual(invalid)
      const lateReset = await post(`/api/auth/reset-password/${token}`, { password: 'ResetLozinka1' })
      expect(json(lateReset)).toEqual(invalid)
    } finally {
      test.clock.now = saved
    }
    const madeUp = await test.app.inject({ url: '/api/auth/reset-password/izmisljeni' })
    expect(madeUp.statusCode).toBe(400)
    expect(json(madeUp)).toEqual(invalid)
  })

  it('confirms the e-mail of an unverified user who resets the password', async () => {
    const payload = registration()
    await post('/api/auth/register', payload)
    const email = String(payload.email)
    await post('/api/auth/forgot-password', { email })
    const token = tokenFrom((await latestMail(email, 'reset_password'))?.text_body, 'reset-password')
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'ResetLozinka1' })).statusCode).toBe(200)
    expect((await signIn(email, 'ResetLozinka1')).statusCode).toBe(200)
  })

  it('sends at most one reset mail a minute per user', async () => {
    const user = await createUser(test.db, { email: freshEmail('cesto') })
    await post('/api/auth/forgot-password', { email: user.email })
    await post('/api/auth/forgot-password', { email: user.email })
    expect(await mailCount(user.email)).toBe(1)
  })
})

describe('OpenAPI', () => {
  it('documents the account routes', async () => {
    const response = await test.app.inject({ url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(response).paths)
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/me', '/api/profile/{email}']),
    )
  })
})
