import { describe, expect, it } from 'vitest'
import {
  CANTONS,
  createAdminProfileUpdate,
  createProfileForm,
  createProfileUpdate,
  profileFormToUpdate,
} from './profile.ts'
import { CUSTOMER_ADDRESS, firstIssueMessage } from './test-support.ts'
import { isoDateOfBirthRefusals, itRefuses, itRefusesChanges, today } from './test-cases.ts'
import { allGive } from '../rules/test-support.ts'

const profileUpdate = createProfileUpdate(today)
const profileForm = createProfileForm(today)
const adminProfileUpdate = createAdminProfileUpdate(today)

const valid = {
  ...CUSTOMER_ADDRESS,
  email: 'ignored@example.ba',
  country: 'Hrvatska',
  gender: 'female',
  date_of_birth: '1990-06-15',
  newsletter_subscription: false,
}

describe('profileUpdate (account page save)', () => {
  it('accepts the form and drops the read-only e-mail and country', () => {
    const result = profileUpdate.parse(valid)
    expect(result).not.toHaveProperty('email')
    expect(result).not.toHaveProperty('country')
  })

  it('knows the 14 cantons', () => {
    // customer-side.md §3 and staff-and-content.md §9, verbatim and in this order.
    const specified =
      'Unsko-sanski kanton; Posavski kanton; Tuzlanski kanton; Zeničko-dobojski kanton; ' +
      'Bosansko-podrinjski kanton; Srednjobosanski kanton; Hercegovačko-neretvanski kanton; ' +
      'Zapadno-Hercegovački kanton; Kanton Sarajevo; Banjalučka; Dobojsko-bijeljinska; Sarajevsko-Zvornička; ' +
      'Trebinjsko-Fočanska; Brčko distrikt'
    expect(CANTONS).toEqual(specified.split('; '))
    for (const state of CANTONS) expect(profileUpdate.safeParse({ ...valid, state }).success).toBe(true)
  })

  itRefusesChanges(profileUpdate, valid, '%j -> %s', [
    ...allGive([{ phone_number: '  ' }, { phone_number: undefined }], 'Unesite ispravan broj telefona'),
    ...allGive(
      [{ zip_code: '7100' }, { zip_code: '71000-1234' }, { zip_code: '' }],
      'Molimo unesite ispravan poštanski broj od 5 znamenki',
    ),
    ...isoDateOfBirthRefusals('Morate imati najmanje 18 godina'),
    [{ state: 'Bavarska' }, 'Odaberite kanton s popisa'],
    [{ gender: 'x' }, 'Odaberite spol s popisa'],
    [{ full_name: ' ' }, 'Ime i prezime je obavezno'],
  ])

  it('converts the form date DD/MM/GGGG to YYYY-MM-DD', () => {
    const form = profileForm.parse({ ...valid, date_of_birth: '29/02/2004' })
    expect(profileFormToUpdate(form).date_of_birth).toBe('2004-02-29')
    expect(firstIssueMessage(profileForm, { ...valid, date_of_birth: '31/02/2000' })).toBe('Unesite važeći datum')
  })
})

describe('adminProfileUpdate (staff edit)', () => {
  it('accepts a partial edit with optional fields left empty', () => {
    expect(adminProfileUpdate.safeParse({ full_name: 'Novo Ime', phone_number: '', date_of_birth: '' }).success).toBe(
      true,
    )
  })

  itRefuses(adminProfileUpdate, '%j -> %s', [
    [{ phone_number: '12a45' }, 'Molimo unesite ispravan telefonski broj'],
    [{ phone_number: '123' }, 'Molimo unesite ispravan telefonski broj'],
    [{ zip_code: '710' }, 'Molimo unesite ispravan poštanski broj od 5 znamenki'],
    [{ date_of_birth: '2006-05-11' }, 'Korisnik mora imati najmanje 18 godina'],
    [{ date_of_birth: '2000-13-01' }, 'Unesite važeći datum'],
  ])
})
