import { describe, expect, it } from 'vitest'
import { auth } from '../messages/bs/auth.ts'
import {
  changePasswordForm,
  changePasswordInput,
  createRegisterForm,
  createRegisterInput,
  emailOnlyInput,
  loginInput,
  registerFormToInput,
  resetPasswordForm,
  resetPasswordInput,
} from './auth.ts'
import { CUSTOMER_ADDRESS, firstIssueMessage } from './test-support.ts'
import { allGive, itReturns } from '../rules/test-support.ts'
import { isoDateOfBirthRefusals, itRefusesChanges, today } from './test-cases.ts'

const registerInput = createRegisterInput(today)
const registerForm = createRegisterForm(today)

const validInput = {
  email: ' Ana.Kovac@Example.BA ',
  password: 'Zelena-Jabuka-71',
  ...CUSTOMER_ADDRESS,
  gender: 'female',
  date_of_birth: '1990-06-15',
  newsletter_subscription: true,
}

const validForm = {
  ...validInput,
  confirmPassword: 'Zelena-Jabuka-71',
  date_of_birth: '15/06/1990',
  acceptTerms: true,
  acceptPrivacy: true,
}

describe('registerInput (API payload)', () => {
  it('accepts the payload, trims and lower-cases the e-mail, drops a sent role', () => {
    const result = registerInput.parse({ ...validInput, role: 'admin' })
    expect(result.email).toBe('ana.kovac@example.ba')
    expect(result).not.toHaveProperty('role')
    expect(result.newsletter_subscription).toBe(true)
  })

  it('accepts the optional fields left out or empty', () => {
    const result = registerInput.parse({
      email: 'a@b.ba',
      password: 'kupus-2026a',
      full_name: 'A',
      date_of_birth: '2006-05-10',
      gender: '',
      state: '',
      zip_code: '',
    })
    expect(result.newsletter_subscription).toBe(false)
  })

  itRefusesChanges(registerInput, validInput, '%j -> %s', [
    ...allGive(
      [
        { email: undefined },
        { email: '  ' },
        { password: '' },
        { password: undefined },
        { full_name: ' ' },
        { full_name: undefined },
      ],
      'Sva potrebna polja moraju biti ispunjena',
    ),
    [{ password: 'kratka' }, 'Lozinka mora imati najmanje 8 znakova'],
    [{ email: 'ana@example' }, 'Unesite važeću adresu e-pošte'],
    ...isoDateOfBirthRefusals('Za registraciju morate imati najmanje 18 godina'),
    [{ state: 'Kanton Mostar' }, 'Odaberite kanton s popisa'],
    [{ gender: 'unknown' }, 'Odaberite spol s popisa'],
    [{ zip_code: '71000-1234' }, 'Molimo unesite ispravan poštanski broj od 5 znamenki'],
  ])

  it('counts someone who turns 18 today as adult', () => {
    expect(registerInput.safeParse({ ...validInput, date_of_birth: '2006-05-10' }).success).toBe(true)
  })
})

describe('registerForm (web form)', () => {
  it('accepts the form and converts it to the API payload without the form-only fields', () => {
    const form = registerForm.parse(validForm)
    const input = registerFormToInput(form)
    expect(input).toMatchObject({ email: 'ana.kovac@example.ba', date_of_birth: '1990-06-15' })
    expect(input).not.toHaveProperty('confirmPassword')
    expect(input).not.toHaveProperty('acceptTerms')
    expect(registerInput.safeParse(input).success).toBe(true)
  })

  itRefusesChanges(registerForm, validForm, '%j -> %s', [
    [{ confirmPassword: '' }, 'Sva potrebna polja moraju biti ispunjena'],
    [{ confirmPassword: 'Drukcija123' }, 'Lozinke se ne podudaraju'],
    ...allGive(
      [{ acceptTerms: false }, { acceptPrivacy: false }, { acceptPrivacy: undefined }],
      'Morate prihvatiti Uvjete usluge i Pravila privatnosti',
    ),
    [{ date_of_birth: '' }, 'Datum rođenja je obavezan'],
    ...allGive(
      [{ date_of_birth: '15/06/1890' }, { date_of_birth: '1990-06-15' }],
      'Datum rođenja mora biti u formatu DD/MM/GGGG',
    ),
    [{ date_of_birth: '31/02/2000' }, 'Unesite važeći datum'],
    [{ date_of_birth: '11/05/2006' }, 'Za registraciju morate imati najmanje 18 godina'],
  ])

  it('accepts 29/02/2004 and exactly 18 today', () => {
    expect(registerForm.safeParse({ ...validForm, date_of_birth: '29/02/2004' }).success).toBe(true)
    expect(registerForm.safeParse({ ...validForm, date_of_birth: '10/05/2006' }).success).toBe(true)
  })

  it('reports a password mismatch even while another field fails', () => {
    const result = registerForm.safeParse({ ...validForm, full_name: '', confirmPassword: 'Drukcija123' })
    const messages = result.error?.issues.map((issue) => issue.message)
    expect(messages).toEqual(
      expect.arrayContaining(['Sva potrebna polja moraju biti ispunjena', 'Lozinke se ne podudaraju']),
    )
  })
})

describe('sign-in and password payloads', () => {
  itReturns(firstIssueMessage, '%#: %j -> %s', [
    [loginInput, {}, 'Email i lozinka su obavezni'],
    [loginInput, { email: 'a@b.ba' }, 'Email i lozinka su obavezni'],
    [loginInput, { email: '', password: 'x' }, 'Email i lozinka su obavezni'],
    [loginInput, { email: 'nije-email', password: 'x' }, 'Unesite ispravnu email adresu'],
    [emailOnlyInput, {}, 'Email je obavezan'],
    [emailOnlyInput, { email: ' ' }, 'Email je obavezan'],
    [emailOnlyInput, { email: 'nije-email' }, 'Unesite ispravnu email adresu'],
    [resetPasswordInput, {}, 'Lozinka je obavezna'],
    [resetPasswordInput, { password: '' }, 'Lozinka je obavezna'],
    [resetPasswordInput, { password: '1234567' }, 'Lozinka mora imati najmanje 8 znakova'],
    [resetPasswordInput, { password: 'password' }, auth.passwordTooCommon],
    [resetPasswordInput, { password: 'Qwertyuiop' }, auth.passwordTooCommon],
    [changePasswordInput, { currentPassword: 'x', newPassword: '12345678' }, auth.passwordTooCommon],
    [registerInput, { ...validInput, password: 'iloveyou' }, auth.passwordTooCommon],
    [resetPasswordForm, { password: 'kupus-2026a', confirmPassword: 'kupus-2026b' }, 'Lozinke se ne podudaraju'],
    [changePasswordInput, { newPassword: 'kupus-2026a' }, 'Unesite trenutnu lozinku'],
    [changePasswordInput, { currentPassword: 'x' }, 'Unesite novu lozinku'],
    [changePasswordInput, { currentPassword: 'x', newPassword: '' }, 'Unesite novu lozinku'],
    [
      changePasswordInput,
      { currentPassword: 'x', newPassword: '1234567' },
      'Nova lozinka mora imati najmanje 8 znakova',
    ],
    [
      changePasswordForm,
      { currentPassword: 'x', newPassword: 'kupus-2026a', confirmPassword: 'kupus-2026b' },
      'Lozinke se ne podudaraju',
    ],
  ] as const)

  it('trims and lower-cases the sign-in e-mail but never the password', () => {
    expect(loginInput.parse({ email: ' ANA@Example.ba ', password: ' Tajna ' })).toEqual({
      email: 'ana@example.ba',
      password: ' Tajna ',
    })
  })
})
