import { describe, expect, it } from 'vitest'
import { contact } from '@shop/shared/messages/bs/contact.ts'
import { contactInput } from '@shop/shared/schemas/contact.ts'
import { ApiError } from '../../lib/api-client.ts'
import { fieldErrors, sendFailureMessage } from './contact-errors.ts'

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
    expect(errorsOf({ name: 'Ana', email: 'ana@', message: 'Pozdrav' })).toEqual({
      email: 'Unesite valjanu email adresu',
    })
  })

  it('accepts a complete message without a phone', () => {
    expect(errorsOf({ name: 'Ana', email: 'ana@example.ba', phone: '', message: 'Pozdrav' })).toEqual({})
  })
})

describe('contact send failures (customer-side.md §8 Contact)', () => {
  it('reads the failure text for a server error or a lost connection', () => {
    const failed = 'Došlo je do greške prilikom slanja poruke. Molimo pokušajte ponovno.'
    expect(sendFailureMessage(new ApiError({ status: 500, message: 'HTTP error 500' }))).toBe(failed)
    expect(sendFailureMessage(new ApiError({ status: 0, message: 'API request failed: offline' }))).toBe(failed)
    expect(sendFailureMessage(new TypeError('offline'))).toBe(failed)
  })

  it("passes on the rate limit's own words", () => {
    expect(sendFailureMessage(new ApiError({ status: 429, message: contact.tooMany, code: 'TOO_MANY_REQUESTS' }))).toBe(
      'Poslali ste previše poruka. Molimo pokušajte ponovno za nekoliko minuta.',
    )
  })
})
