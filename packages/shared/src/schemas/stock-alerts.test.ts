import { describe, expect, it } from 'vitest'
import { stockAlertInput } from './stock-alerts.ts'

// The back-in-stock request, as the product page's form and POST /api/stock-alerts read it.
const valid = { productId: 'LAMPA-1', email: 'ana@example.ba' }

describe('stockAlertInput', () => {
  it.each([
    ['no e-mail', { productId: 'LAMPA-1' }, 'E-mail je obavezan'],
    ['a blank e-mail', { ...valid, email: '   ' }, 'E-mail je obavezan'],
    ['an e-mail without a domain', { ...valid, email: 'ana@' }, 'Unesite valjanu e-mail adresu'],
    ['an e-mail with a space', { ...valid, email: 'ana kovač@example.ba' }, 'Unesite valjanu e-mail adresu'],
    ['a look-alike letter', { ...valid, email: 'аna@example.ba' }, 'Unesite valjanu e-mail adresu'],
    ['no product', { email: 'ana@example.ba' }, 'Proizvod je obavezan'],
    ['a blank product', { ...valid, productId: ' ' }, 'Proizvod je obavezan'],
    ['a NUL in the option', { ...valid, optionCode: 'L\u0000' }, 'Ta opcija ne postoji kod ovog proizvoda'],
  ])('refuses %s', (_, input, message) => {
    const result = stockAlertInput.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(message)
  })

  it('trims what is typed and treats an empty option as none', () => {
    expect(stockAlertInput.parse({ productId: ' LAMPA-1 ', optionCode: '', email: ' Ana@Example.ba ' })).toEqual({
      productId: 'LAMPA-1',
      optionCode: null,
      email: 'Ana@Example.ba',
    })
    expect(stockAlertInput.parse({ ...valid, optionCode: ' 2700K ' }).optionCode).toBe('2700K')
  })
})
