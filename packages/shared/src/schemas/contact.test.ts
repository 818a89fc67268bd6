import { describe, expect, it } from 'vitest'
import { contactInput } from './contact.ts'
import { itRefuses } from './test-cases.ts'

describe('contact form', () => {
  const valid = { name: 'Ana', email: 'ana@example.ba', message: 'Imate li na stanju?' }

  itRefuses(contactInput, 'refuses %j with %s', [
    [{ ...valid, name: '  ' }, 'Ime je obavezno'],
    [{ ...valid, name: undefined }, 'Ime je obavezno'],
    [{ ...valid, email: '' }, 'Email je obavezan'],
    [{ ...valid, email: undefined }, 'Email je obavezan'],
    [{ ...valid, email: 'ana@' }, 'Unesite valjanu email adresu'],
    [{ ...valid, message: '' }, 'Poruka je obavezna'],
  ])

  it("fills 'Nije navedeno' for an empty phone and 'Općeniti upit' for no product", () => {
    expect(contactInput.parse({ ...valid, phone: '' })).toMatchObject({
      phone: 'Nije navedeno',
      productName: 'Općeniti upit',
    })
    expect(contactInput.parse({ ...valid, phone: '063 111 222', productName: 'Čekić 500 g' })).toMatchObject({
      phone: '063 111 222',
      productName: 'Čekić 500 g',
    })
  })
})
