import { describe, expect, it } from 'vitest'
import { loginInput } from '@shop/shared/schemas/auth.ts'
import { checkLoginInput } from './login-validation.ts'

const REQUIRED = 'Email i lozinka su obavezni'
const INVALID_EMAIL = 'Unesite ispravnu email adresu'

/** The check's answer for input it refuses: the one message, and the fields it marks. */
function refused(message: string, ...fields: string[]) {
  return { isValid: false, message, fields }
}

describe('checkLoginInput (customer-side.md §5 Login)', () => {
  it.each([
    ['both empty', { email: '', password: '' }, refused(REQUIRED, 'email', 'password')],
    ['only spaces as e-mail', { email: '   ', password: 'x' }, refused(REQUIRED, 'email')],
    ['no password', { email: 'ana@demo.ba', password: '' }, refused(REQUIRED, 'password')],
    ['an invalid e-mail', { email: 'ana@demo', password: 'x' }, refused(INVALID_EMAIL, 'email')],
    ['an e-mail with a space', { email: 'ana @demo.ba', password: 'x' }, refused(INVALID_EMAIL, 'email')],
    [
      'a valid sign-in, trimmed and lower-cased',
      { email: '  Ana@Demo.BA ', password: ' Demo1234! ' },
      { isValid: true, value: { email: 'ana@demo.ba', password: ' Demo1234! ' } },
    ],
  ])('%s', (_case, input, expected) => {
    expect(checkLoginInput(input)).toEqual(expected)
  })
})

// The page checks without zod (it would weigh ~20 kB gzip); the API validates with the shared schema.
// Both must accept and refuse the same input with the same message.
describe('checkLoginInput agrees with the shared loginInput schema', () => {
  it.each([
    { email: '', password: '' },
    { email: '', password: 'x' },
    { email: 'ana@demo.ba', password: '' },
    { email: 'ana@demo', password: 'x' },
    { email: ' ANA@demo.ba ', password: 'Demo1234!' },
    { email: 'a b@demo.ba', password: 'x' },
  ])('%j', (input) => {
    const schema = loginInput.safeParse(input)
    const check = checkLoginInput(input)
    expect(check.isValid).toBe(schema.success)
    if (schema.success && check.isValid) expect(check.value).toEqual(schema.data)
    if (!schema.success && !check.isValid)
      expect(schema.error.issues.map((issue) => issue.message)).toContain(check.message)
  })
})
