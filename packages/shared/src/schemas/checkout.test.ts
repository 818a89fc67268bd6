import { describe, expect, it } from 'vitest'
import { cartQuoteInput, createCheckoutAddress } from './checkout.ts'
import { placeOrderInput } from './orders.ts'
import { DELIVERY_ADDRESS, firstIssueMessage } from './test-support.ts'
import { itRefuses, itRefusesChanges } from './test-cases.ts'
import { allGive } from '../rules/test-support.ts'

describe('checkout address, delivery (customer-side.md §5)', () => {
  const schema = createCheckoutAddress({ isPickup: false, isGuest: false })

  it('accepts a full address and fixes the country', () => {
    const parsed = schema.parse({ ...DELIVERY_ADDRESS, country: 'Bosnia and Herzegovina' })
    expect(parsed.country).toBe('Bosna i Hercegovina')
    expect(schema.parse(DELIVERY_ADDRESS).country).toBe('Bosna i Hercegovina')
  })

  itRefusesChanges(schema, DELIVERY_ADDRESS, '%j -> %s', [
    ...allGive([{ full_name: '' }, { full_name: '   ' }, { full_name: undefined }], 'Ime i prezime je obavezno'),
    [{ phone_number: '' }, 'Broj telefona je obavezan'],
    [{ street_address: '' }, 'Adresa je obavezna'],
    [{ city: '' }, 'Grad je obavezan'],
    ...allGive([{ state: '' }, { state: 'Bavarska' }], 'Kanton/Entitet je obavezan'),
    ...allGive([{ zip_code: '' }, { zip_code: undefined }], 'Poštanski broj je obavezan'),
    ...allGive(
      [{ zip_code: '7100' }, { zip_code: '71000-12' }, { zip_code: 'abcde' }],
      'Unesite ispravan poštanski broj (format: 71000)',
    ),
    [{ full_name: 'x'.repeat(201) }, 'Unos je predug.'],
    ...allGive([{ city: 'Mo\u0000star' }, { street_address: '\u0000' }], 'Unos sadrži nedozvoljene znakove.'),
  ])

  it.each(['71000', '71000-1234', ' 88000 '])('accepts the postal code %s', (zip) => {
    expect(schema.safeParse({ ...DELIVERY_ADDRESS, zip_code: zip }).success).toBe(true)
  })

  it('ignores the e-mail of a signed-in customer', () => {
    expect(schema.safeParse({ ...DELIVERY_ADDRESS, email: 'not an email' }).success).toBe(true)
  })
})

describe('checkout address, pickup', () => {
  const schema = createCheckoutAddress({ isPickup: true, isGuest: false })

  it('needs only name and phone', () => {
    expect(schema.safeParse({ full_name: 'Ana', phone_number: '061' }).success).toBe(true)
  })

  itRefuses(schema, '%j -> %s', [
    [{ phone_number: '061' }, 'Ime i prezime je obavezno'],
    [{ full_name: 'Ana' }, 'Broj telefona je obavezan'],
  ])
})

describe('checkout address, guest', () => {
  it.each([
    [false, undefined, 'Email je obavezan'],
    [false, '', 'Email je obavezan'],
    [false, 'ana.example.ba', 'Unesite ispravnu email adresu'],
    [true, 'ana@', 'Unesite ispravnu email adresu'],
    [true, undefined, 'Email je obavezan'],
    [false, 'ana\u0000@example.ba', 'Unesite ispravnu email adresu'],
  ])('pickup %s, email %j -> %s', (isPickup, email, message) => {
    const schema = createCheckoutAddress({ isPickup, isGuest: true })
    expect(firstIssueMessage(schema, { ...DELIVERY_ADDRESS, email })).toBe(message)
  })

  it('lower-cases and trims the e-mail', () => {
    const schema = createCheckoutAddress({ isPickup: false, isGuest: true })
    expect(schema.parse({ ...DELIVERY_ADDRESS, email: ' Ana@Example.BA ' }).email).toBe('ana@example.ba')
  })
})

describe('cartQuoteInput', () => {
  it('takes uuids, codes and numeric codes', () => {
    const parsed = cartQuoteInput.parse({
      lines: [
        { productId: 10023, quantity: 2 },
        { productId: ' abc ', size: '', quantity: 1 },
      ],
    })
    expect(parsed.lines).toEqual([
      { productId: '10023', size: null, quantity: 2 },
      { productId: 'abc', size: null, quantity: 1 },
    ])
  })

  itRefuses(cartQuoteInput, '%#: refuses with %s', [
    [{ lines: [{ productId: 'a', quantity: 0 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ lines: [{ productId: 'a', quantity: 1.5 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ lines: [{ productId: 'a', quantity: '2' }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ lines: [{ productId: 'a', quantity: 10_001 }] }, 'Količina je prevelika.'],
    [{ lines: [{ productId: '', quantity: 1 }] }, 'Nedostaje šifra proizvoda.'],
    [{ lines: [{ quantity: 1 }] }, 'Nedostaje šifra proizvoda.'],
    [{ lines: [{ productId: 'a\u0000', quantity: 1 }] }, 'Nedostaje šifra proizvoda.'],
    [{ lines: [{ productId: 'a', size: 'M\u0000', quantity: 1 }] }, 'Unos sadrži nedozvoljene znakove.'],
    [{ lines: [], region: '\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
    [
      { lines: Array.from({ length: 101 }, () => ({ productId: 'a', quantity: 1 })) },
      'Košarica može imati najviše 100 stavki.',
    ],
  ])
})

describe('placeOrderInput', () => {
  const line = { product_id: 'p-1', quantity: 1, price: 0.01, name: 'Čekić' }

  it('accepts products or items and drops what the server decides', () => {
    const parsed = placeOrderInput.parse({ items: [line], total: 0, status: 'completed', userId: 'someone' })
    expect(parsed.lines).toEqual([{ product_id: 'p-1', quantity: 1, name: 'Čekić', price: 0.01 }])
  })

  itRefuses(placeOrderInput, '%j -> %s', [
    [{}, 'Košarica je prazna'],
    [{ products: [] }, 'Košarica je prazna'],
    [{ products: [{ ...line, quantity: 0 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ products: [{ ...line, quantity: -3 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ products: [{ ...line, product_id: '' }] }, 'Nedostaje šifra proizvoda.'],
  ])
})
