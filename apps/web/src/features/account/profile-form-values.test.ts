import { describe, expect, it } from 'vitest'
import { account } from '@shop/shared/messages/bs/account.ts'
import { createProfileForm, profileFormToUpdate, type ProfileView } from '@shop/shared/schemas/profile.ts'
import { errorFromResponse, networkError } from '../../lib/api-client.ts'
import { describePasswordChangeError, describeProfileSaveError, profileToFormValues } from './profile-form-values.ts'

/** The fields the form shows as they are saved. */
const nameAndAddress = {
  full_name: 'Ana Kovač',
  phone_number: '+387 63 123 456',
  street_address: 'Sovići bb',
  city: 'Grude',
  state: 'Zapadno-Hercegovački kanton',
  zip_code: '88340',
}

const saved: ProfileView = {
  ...nameAndAddress,
  country: 'Bosna i Hercegovina',
  gender: 'female',
  date_of_birth: '1990-05-12',
  newsletter_subscription: true,
  role: 'user',
}

describe('profileToFormValues', () => {
  it('shows the date of birth as DD/MM/GGGG and leaves e-mail, country and role out of the form', () => {
    expect(profileToFormValues(saved)).toEqual({
      ...nameAndAddress,
      gender: 'female',
      date_of_birth: '12/05/1990',
      newsletter_subscription: true,
    })
  })

  it('shows a missing date of birth and a state outside the canton list as empty fields', () => {
    const values = profileToFormValues({ ...saved, date_of_birth: null, state: 'Herzegovina' })
    expect(values).toMatchObject({ date_of_birth: '', state: '' })
  })

  it('round-trips through the account form schema to the same YYYY-MM-DD payload', () => {
    const form = createProfileForm(() => '2025-06-01').parse(profileToFormValues(saved))
    expect(profileFormToUpdate(form)).toMatchObject({ date_of_birth: '1990-05-12', zip_code: '88340' })
  })
})

describe('describeProfileSaveError (customer-side.md §8 Account)', () => {
  it.each([
    [
      '401 TOKEN_EXPIRED',
      errorFromResponse(401, { message: 'x', code: 'TOKEN_EXPIRED' }),
      'Sesija je istekla. Molimo prijavite se ponovno.',
      true,
    ],
    ['a bare 401', errorFromResponse(401, {}), 'Sesija je istekla. Molimo prijavite se ponovno.', true],
    [
      'a refused field',
      errorFromResponse(400, { message: account.phoneInvalid, code: 'VALIDATION_FAILED' }),
      'Neuspješno ažuriranje profila: Unesite ispravan broj telefona',
      false,
    ],
    [
      'no answer',
      networkError(new TypeError('Failed to fetch')),
      'Neuspješno ažuriranje profila: API request failed: Failed to fetch',
      false,
    ],
  ])('%s', (_case, error, message, isSessionExpired) => {
    expect(describeProfileSaveError(error)).toEqual({ message, isSessionExpired })
  })
})

describe('describePasswordChangeError', () => {
  it.each([
    [
      'a wrong current password',
      errorFromResponse(400, { message: 'Trenutna lozinka nije ispravna', code: 'INVALID_CURRENT_PASSWORD' }),
      'Trenutna lozinka nije ispravna',
    ],
    [
      'a server failure',
      errorFromResponse(500, { message: 'x', code: 'UNKNOWN_ERROR' }),
      'Greška pri promjeni lozinke',
    ],
    ['no answer', networkError(new TypeError('Failed to fetch')), 'Greška pri promjeni lozinke'],
    ['anything else', 'boom', 'Greška pri promjeni lozinke'],
  ])('%s', (_case, error, message) => {
    expect(describePasswordChangeError(error)).toBe(message)
  })
})
