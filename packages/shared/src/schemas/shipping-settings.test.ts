import { describe, expect, it } from 'vitest'
import { shippingSettingsInput } from './shipping-settings.ts'
import { firstIssueMessage } from './test-support.ts'

const courier = { id: 'courier', name: 'Dostava kurirskom službom', basePrice: 10 }
const valid = { id: 'default', freeShippingThreshold: 300, defaultOptionId: 'courier', options: [courier] }

const firstError = (input: unknown) => firstIssueMessage(shippingSettingsInput, input)

const withOption = (option: Record<string, unknown>) => ({ ...valid, options: [{ ...courier, ...option }] })
const withConditions = (conditions: Record<string, unknown>) => withOption({ conditions })

describe('shipping settings form', () => {
  it('fills the defaults of an option and trims its texts', () => {
    expect(
      shippingSettingsInput.parse({
        ...valid,
        freeShippingThreshold: '250',
        options: [{ ...courier, name: '  Kurir ', description: '', basePrice: '7,50' }],
      }),
    ).toEqual({
      id: 'default',
      freeShippingThreshold: 250,
      defaultOptionId: 'courier',
      options: [
        {
          id: 'courier',
          name: 'Kurir',
          basePrice: 7.5,
          description: null,
          isActive: true,
          appliesFreeShipping: true,
          pricedByWeight: false,
          conditions: { minOrderValue: null, maxOrderValue: null, regions: [] },
        },
      ],
    })
  })

  it("keeps an option's free-shipping switch, on by default (docs/decisions.md, Walk-through fixes)", () => {
    expect(shippingSettingsInput.parse(valid).options[0]?.appliesFreeShipping).toBe(true)
    expect(
      shippingSettingsInput.parse(withOption({ appliesFreeShipping: false })).options[0]?.appliesFreeShipping,
    ).toBe(false)
    expect(shippingSettingsInput.safeParse(withOption({ appliesFreeShipping: 'ne' })).success).toBe(false)
  })

  it('accepts conditions within the rules, an empty default and no options at all', () => {
    const conditions = { minOrderValue: 50, maxOrderValue: 50, regions: ['Kanton Sarajevo', 'Brčko distrikt'] }
    expect(shippingSettingsInput.parse(withConditions(conditions)).options[0]?.conditions).toEqual(conditions)
    expect(
      shippingSettingsInput.parse(withConditions({ minOrderValue: 100, maxOrderValue: 0 })).options[0],
    ).toMatchObject({ conditions: { minOrderValue: 100, maxOrderValue: 0 } })
    expect(shippingSettingsInput.parse({ ...valid, defaultOptionId: '' }).defaultOptionId).toBeNull()
    expect(shippingSettingsInput.parse({ freeShippingThreshold: 0, options: [] })).toEqual({
      id: 'shipping',
      freeShippingThreshold: 0,
      defaultOptionId: null,
      options: [],
    })
  })

  it.each([
    [
      'a negative threshold',
      { ...valid, freeShippingThreshold: -1 },
      'Prag za besplatnu dostavu mora biti cijeli broj, 0 ili veći',
    ],
    [
      'a fractional threshold',
      { ...valid, freeShippingThreshold: 99.5 },
      'Prag za besplatnu dostavu mora biti cijeli broj, 0 ili veći',
    ],
    [
      'an empty threshold',
      { ...valid, freeShippingThreshold: '' },
      'Prag za besplatnu dostavu mora biti cijeli broj, 0 ili veći',
    ],
    ['a missing name', withOption({ name: ' ' }), 'Naziv opcije dostave je obavezan'],
    ['a negative price', withOption({ basePrice: -2 }), 'Cijena dostave mora biti broj 0 ili veći'],
    ['an empty price', withOption({ basePrice: '' }), 'Cijena dostave mora biti broj 0 ili veći'],
    ['a negative minimum', withConditions({ minOrderValue: -1 }), 'Vrijednost narudžbe mora biti broj 0 ili veći'],
    ['a negative maximum', withConditions({ maxOrderValue: -5 }), 'Vrijednost narudžbe mora biti broj 0 ili veći'],
    [
      'a maximum below the minimum',
      withConditions({ minOrderValue: 100, maxOrderValue: 50 }),
      'Najveća vrijednost narudžbe ne smije biti manja od najmanje',
    ],
    ['an unknown region', withConditions({ regions: ['Dalmacija'] }), 'Regija mora biti jedan od 14 kantona'],
    [
      'a region twice',
      withConditions({ regions: ['Kanton Sarajevo', 'Kanton Sarajevo'] }),
      'Regija je navedena više puta',
    ],
    ['a blank id', withOption({ id: ' ' }), 'Opcija dostave mora imati oznaku'],
    [
      'the same id twice',
      { ...valid, options: [courier, { ...courier, name: 'Drugi kurir' }] },
      'Oznaka opcije dostave "courier" je navedena više puta',
    ],
    [
      'a default that is not an option',
      { ...valid, defaultOptionId: 'express' },
      'Zadana opcija mora biti jedna od opcija dostave',
    ],
    [
      'too many options',
      { ...valid, options: Array.from({ length: 51 }, (_, index) => ({ ...courier, id: `o${index}` })) },
      'Najviše 50 opcija dostave',
    ],
  ])('refuses %s', (_, input, message) => {
    expect(firstError(input)).toBe(message)
  })
})
