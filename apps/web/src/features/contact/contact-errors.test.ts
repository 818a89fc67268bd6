import { describe, expect, it } from 'vitest'
import { contactInput } from '@shop/shared/schemas/contact.ts'
import { fieldErrors } from './contact-errors.ts'

function errorsOf(input: Record<string, string>) {
  const parsed = contactInput.safeParse(input)
  return parsed.success ? {} : fieldErrors(parsed.error.issues)
}

describe('contact form errors (customer-side.md §5)', () => {
  it('names every missing required field', () => {
    expect(errorsOf({ name: ' ', email: '', phone: '', message: '' })).toEqual({
      name: 'Ime je obavezno',
      email: 'Email je obavezan',
      message: 'Poruka je obavezna',
    })
  })

  it('rejects an invalid e-mail address', () => {
    expect(errorsOf({ name: 'Ana', email: 'ana@', message: 'Pozdrav' })).toEqual({ email: 'Unesite valjanu email adresu' })
  })

  it('accepts a complete message without a phone', () => {
    expect(errorsOf({ name: 'Ana', email: 'ana@example.ba', phone: '', message: 'Pozdrav' })).toEqual({})
  })
})
