import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { allGive } from '@shop/shared/rules/test-support.ts'
import { json, signedInUser } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
const { account, auth } = messages

type Role = 'user' | 'wholesale' | 'store_manager' | 'admin'
let counter = 0

async function userWithToken(
  role: Role = 'user',
): Promise<{ id: string; email: string; headers: Record<string, string> }> {
  const email = `profil${++counter}-${Date.now()}@example.ba`
  const roles: Role[] = role === 'user' ? ['user'] : ['user', role]
  return signedInUser(test, { email, roles, fullName: 'Marko Marić' })
}

const valid = {
  full_name: 'Marko Marić',
  email: 'pokusaj@promjene.ba',
  phone_number: '+387 63 111 222',
  street_address: 'Glavna 1',
  city: 'Mostar',
  state: 'Hercegovačko-neretvanski kanton',
  zip_code: '88000',
  country: 'Hrvatska',
  gender: 'male',
  date_of_birth: '1985-03-20',
  newsletter_subscription: true,
}

const get = (email: string, headers: Record<string, string> = {}) =>
  test.app.inject({ url: `/api/profile/${encodeURIComponent(email)}`, headers })
// A staff edit ({data}) sends the user's version as saved now, as a form opened now would
// (docs/decisions.md ('Edits that never overwrite each other')).
const put = async (email: string, payload: unknown, headers: Record<string, string> = {}) => {
  const isStaffEdit = typeof payload === 'object' && payload !== null && 'data' in payload && !('version' in payload)
  const { rows } = isStaffEdit
    ? await test.db.query<{ version: number }>('select version from users where email = $1 or id::text = $1', [email])
    : { rows: [] }
  return test.app.inject({
    method: 'PUT',
    url: `/api/profile/${encodeURIComponent(email)}`,
    payload: (rows[0] ? { ...(payload as object), version: rows[0].version } : payload) as Record<string, unknown>,
    headers,
  })
}

describe('who may read and write /api/profile/{email}', () => {
  it('answers 401 without a token', async () => {
    const owner = await userWithToken()
    expect((await get(owner.email)).statusCode).toBe(401)
    const response = await put(owner.email, valid)
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('answers the owner, in any letter case of the e-mail, and by id', async () => {
    const owner = await userWithToken()
    const response = await get(owner.email.toUpperCase(), owner.headers)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({
      email: owner.email,
      version: 1,
      full_name: 'Marko Marić',
      phone_number: '',
      street_address: '',
      city: '',
      state: '',
      zip_code: '',
      country: 'Bosna i Hercegovina',
      gender: '',
      date_of_birth: null,
      newsletter_subscription: false,
      role: 'user',
    })
    expect((await get(owner.id, owner.headers)).statusCode).toBe(200)
  })

  it('refuses another user, and a wholesale user, with 403 — before saying whether the account exists', async () => {
    const owner = await userWithToken()
    for (const role of ['user', 'wholesale'] as const) {
      const other = await userWithToken(role)
      const read = await get(owner.email, other.headers)
      expect(read.statusCode).toBe(403)
      expect(json(read)).toMatchObject({ code: 'FORBIDDEN', message: 'Nemate ovlasti za ovu radnju.' })
      expect((await put(owner.email, valid, other.headers)).statusCode).toBe(403)
      expect((await get(owner.id, other.headers)).statusCode).toBe(403)
      expect((await get('nepostojeci@example.ba', other.headers)).statusCode).toBe(403)
    }
  })

  it('lets staff read any profile and answers 404 USER_NOT_FOUND for an unknown one', async () => {
    const owner = await userWithToken()
    for (const role of ['store_manager', 'admin'] as const) {
      const staff = await userWithToken(role)
      expect((await get(owner.email, staff.headers)).statusCode).toBe(200)
      const missing = await get('nepostojeci@example.ba', staff.headers)
      expect(missing.statusCode).toBe(404)
      expect(json(missing)).toMatchObject({ code: 'USER_NOT_FOUND', message: 'Korisnik nije pronađen' })
    }
  })
})

describe('account page save (fields directly)', () => {
  it('saves the profile, ignores e-mail and country, and answers the updated profile', async () => {
    const owner = await userWithToken()
    const response = await put(owner.email, valid, owner.headers)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({
      ...valid,
      email: owner.email,
      country: 'Bosna i Hercegovina',
      role: 'user',
      // docs/decisions.md ('Edits that never overwrite each other'): the owner's own save moves the version on too.
      version: 2,
    })
    const me = json<{ email: string; profile: Record<string, unknown> }>(
      await test.app.inject({ url: '/api/auth/me', headers: owner.headers }),
    )
    expect(me.email).toBe(owner.email)
    expect(me.profile).toMatchObject({ city: 'Mostar', zip_code: '88000', date_of_birth: '1985-03-20' })
    // The owner's own edit is not a staff write.
    const { rows } = await test.db.query('select 1 from audit_log where entity_id = $1', [owner.id])
    expect(rows).toHaveLength(0)
  })

  it('clears optional fields sent empty and keeps fields not sent', async () => {
    const owner = await userWithToken()
    await put(owner.email, valid, owner.headers)
    const { street_address: _street, ...withoutStreet } = valid
    const response = await put(owner.email, { ...withoutStreet, city: '', gender: '', state: '' }, owner.headers)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ street_address: 'Glavna 1', city: '', gender: '', state: '' })
  })

  it.each<readonly [change: Record<string, unknown>, message: string]>([
    ...allGive([{ phone_number: '   ' }, { phone_number: undefined }], account.phoneInvalid),
    ...allGive([{ zip_code: '8800' }, { zip_code: '88000-1234' }, { zip_code: '' }], account.zipInvalid),
    [{ date_of_birth: '' }, auth.dateOfBirthRequired],
    ...allGive([{ date_of_birth: '20/03/1985' }, { date_of_birth: '1885-03-20' }], auth.dateOfBirthFormat),
    [{ date_of_birth: '1985-02-30' }, auth.dateOfBirthInvalid],
    [{ state: 'Dalmacija' }, account.stateInvalid],
    [{ gender: 'x' }, account.genderInvalid],
    [{ full_name: '' }, account.fullNameRequired],
  ])('refuses %j with 400: %s', async (change, message) => {
    const owner = await userWithToken()
    const response = await put(owner.email, { ...valid, ...change }, owner.headers)
    expectValidationFailed(response, message)
  })

  it('refuses anyone under 18 on the server clock and accepts exactly 18 today', async () => {
    const owner = await userWithToken()
    const saved = test.clock.now
    try {
      test.clock.now = Date.UTC(2024, 4, 10, 10, 0)
      const minor = await put(owner.email, { ...valid, date_of_birth: '2006-05-11' }, owner.headers)
      expect(minor.statusCode).toBe(400)
      expect(json(minor)).toMatchObject({ message: 'Morate imati najmanje 18 godina' })
    } finally {
      test.clock.now = saved
    }
    const adult = await userWithToken()
    test.clock.now = Date.UTC(2024, 4, 10, 10, 0)
    try {
      const headers = {
        authorization: `Bearer ${await test.app.tokens.sign({ userId: adult.id, role: 'user', tokenVersion: 0 })}`,
      }
      const response = await put(adult.email, { ...valid, date_of_birth: '2006-05-10' }, headers)
      expect(response.statusCode).toBe(200)
    } finally {
      test.clock.now = saved
    }
  })

  it('answers 400 for a body that is not an object', async () => {
    const owner = await userWithToken()
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/profile/${owner.email}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '[1,2]',
    })
    expect(response.statusCode).toBe(400)
  })
})

describe('staff edit ({data: fields})', () => {
  it('saves a partial edit with the admin rules and audits it', async () => {
    const owner = await userWithToken()
    const admin = await userWithToken('admin')
    const response = await put(
      owner.email,
      { data: { full_name: 'Novo Ime', phone_number: '', city: 'Grude' } },
      admin.headers,
    )
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ email: owner.email, full_name: 'Novo Ime', phone_number: '', city: 'Grude' })
    const { rows } = await test.db.query<{
      actor_id: string
      action: string
      entity: string
      before: unknown
      after: unknown
    }>('select actor_id, action, entity, before, after from audit_log where entity_id = $1', [owner.id])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      action: 'profile_updated',
      entity: 'user',
      before: { full_name: 'Marko Marić' },
      after: { full_name: 'Novo Ime', city: 'Grude' },
    })
  })

  it("refuses a store manager another user's profile (the admin's alone), the admin's included", async () => {
    const owner = await userWithToken()
    const admin = await userWithToken('admin')
    const manager = await userWithToken('store_manager')
    for (const target of [owner.id, owner.email, admin.email]) {
      const response = await put(target, { data: { zip_code: '88220' } }, manager.headers)
      expect(response.statusCode).toBe(403)
      expect(json(response)).toMatchObject({ code: 'FORBIDDEN' })
    }
    expect(json(await get(owner.email, manager.headers))).toMatchObject({ zip_code: '' })
    const { rows } = await test.db.query('select 1 from audit_log where actor_id = $1', [manager.id])
    expect(rows).toHaveLength(0)
    // Their own profile stays theirs to edit.
    expect((await put(manager.email, valid, manager.headers)).statusCode).toBe(200)
  })

  it.each([
    [{ phone_number: '12ab' }, 'Molimo unesite ispravan telefonski broj'],
    [{ zip_code: '882' }, 'Molimo unesite ispravan poštanski broj od 5 znamenki'],
    [{ date_of_birth: '2020-01-01' }, 'Korisnik mora imati najmanje 18 godina'],
  ])('refuses %j with 400: %s', async (data, message) => {
    const owner = await userWithToken()
    const admin = await userWithToken('admin')
    const response = await put(owner.email, { data }, admin.headers)
    expectValidationFailed(response, message)
  })

  it('holds a customer who wraps the fields to the account page rules', async () => {
    const owner = await userWithToken()
    const response = await put(owner.email, { data: { full_name: 'Ime', phone_number: '' } }, owner.headers)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ message: 'Unesite ispravan broj telefona' })
  })
})
