import { describe, expect, it } from 'vitest'
import {
  EMPTY_OPTION_FORM,
  checkOptionForm,
  describeConditions,
  newOptionId,
  removeOption,
  toOptionForm,
  toSettingsDraft,
  toSettingsInput,
  upsertOption,
  type OptionDraft,
  type SettingsDraft,
} from './shipping-draft.ts'

const courier: OptionDraft = {
  id: 'courier',
  name: 'Dostava kurirskom službom',
  basePrice: 10,
  description: 'Isporuka na adresu u roku 2-7 radnih dana',
  isActive: true,
  appliesFreeShipping: true,
  pricedByWeight: false,
  conditions: { minOrderValue: null, maxOrderValue: null, regions: [] },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
}
const pickup: OptionDraft = { ...courier, id: 'pickup', name: 'Osobno preuzimanje', basePrice: 0, description: null }
const draft: SettingsDraft = {
  id: 'default',
  freeShippingThreshold: '300',
  defaultOptionId: 'pickup',
  options: [courier, pickup],
  parcelPriceBands: [{ upToKg: '10', price: '12' }],
  version: 0,
}

describe('toSettingsDraft', () => {
  it('reads the settings answer, numeric ids and missing fields included', () => {
    expect(
      toSettingsDraft({
        id: 'default',
        freeShippingThreshold: 300,
        basePrice: 10,
        defaultOptionId: 7,
        options: [{ ...courier, id: 7, isActive: undefined, conditions: null, description: '' }],
        parcelPriceBands: [{ upToKg: 10.5, price: 12 }],
      }),
    ).toEqual({
      id: 'default',
      freeShippingThreshold: '300',
      defaultOptionId: '7',
      options: [
        {
          ...courier,
          id: '7',
          isActive: true,
          description: null,
          conditions: { minOrderValue: null, maxOrderValue: null, regions: [] },
        },
      ],
      parcelPriceBands: [{ upToKg: '10,5', price: '12' }],
      version: 0,
    })
  })

  it.each([[null], ['settings'], [{ options: 'none' }], [{ options: [{ name: 'no id' }] }]])('refuses %j', (value) => {
    expect(toSettingsDraft(value)).toBeNull()
  })

  it('gives back the whole object for the save', () => {
    expect(toSettingsInput(draft)).toEqual({
      id: 'default',
      freeShippingThreshold: '300',
      defaultOptionId: 'pickup',
      options: [courier, pickup],
      parcelPriceBands: [{ upToKg: '10', price: '12' }],
    })
  })
})

describe('the option modal', () => {
  it('round-trips an option through the form, keeping id and dates', () => {
    const local: OptionDraft = {
      ...courier,
      conditions: { minOrderValue: 20, maxOrderValue: 500, regions: ['Kanton Sarajevo'] },
      isActive: false,
    }
    expect(checkOptionForm(toOptionForm(local), local)).toEqual({ option: local })
    // An express option outside the free-shipping threshold keeps its switch off (docs/decisions.md, Walk-through fixes).
    const express: OptionDraft = { ...courier, id: 'express', appliesFreeShipping: false }
    expect(checkOptionForm(toOptionForm(express), express)).toEqual({ option: express })
    expect(toSettingsDraft({ ...draft, options: [express] })?.options[0]?.appliesFreeShipping).toBe(false)
  })

  it('reads the typed fields: decimal comma, empty limits as none, empty description as null', () => {
    const form = { ...EMPTY_OPTION_FORM, name: ' Lokalna ', basePrice: '4,5', regions: ['Brčko distrikt'] }
    expect(checkOptionForm(form, { id: 'lokalna' })).toEqual({
      option: {
        id: 'lokalna',
        name: 'Lokalna',
        basePrice: 4.5,
        description: null,
        isActive: true,
        appliesFreeShipping: true,
        pricedByWeight: false,
        conditions: { minOrderValue: null, maxOrderValue: null, regions: ['Brčko distrikt'] },
      },
    })
  })

  it('puts each message under its field', () => {
    expect(
      checkOptionForm(
        { ...EMPTY_OPTION_FORM, basePrice: '-1', minOrderValue: '100', maxOrderValue: '50' },
        { id: 'x' },
      ),
    ).toEqual({
      errors: {
        name: 'Naziv opcije dostave je obavezan',
        basePrice: 'Cijena dostave mora biti broj 0 ili veći',
        maxOrderValue: 'Najveća vrijednost narudžbe ne smije biti manja od najmanje',
      },
    })
  })
})

describe('editing the list', () => {
  it('makes a unique id from the name', () => {
    expect(newOptionId('Brza dostava – Čapljina', [])).toBe('brza-dostava-capljina')
    expect(newOptionId('Đakovo', [])).toBe('dakovo')
    expect(newOptionId('Osobno preuzimanje', [{ id: 'osobno-preuzimanje' }, { id: 'osobno-preuzimanje-2' }])).toBe(
      'osobno-preuzimanje-3',
    )
    expect(newOptionId('!!!', [])).toBe('opcija')
  })

  it('replaces an edited option in place and adds a new one at the end', () => {
    const cheaper = { ...courier, basePrice: 8 }
    expect(upsertOption(draft, cheaper).options).toEqual([cheaper, pickup])
    const local = { ...courier, id: 'local' }
    expect(upsertOption(draft, local).options).toEqual([courier, pickup, local])
  })

  it('removes an option and clears it as the default', () => {
    expect(removeOption(draft, 'pickup')).toEqual({ ...draft, options: [courier], defaultOptionId: null })
    expect(removeOption(draft, 'courier')).toEqual({ ...draft, options: [pickup] })
  })

  it('describes the conditions', () => {
    expect(describeConditions(courier)).toEqual(['Sve regije'])
    expect(
      describeConditions({
        ...courier,
        conditions: { minOrderValue: 50, maxOrderValue: 0, regions: ['Kanton Sarajevo', 'Posavski kanton'] },
      }),
    ).toEqual(['od 50,00 KM', 'Kanton Sarajevo, Posavski kanton'])
    expect(
      describeConditions({ ...courier, conditions: { minOrderValue: 0, maxOrderValue: 1000, regions: [] } }),
    ).toEqual(['do 1.000,00 KM', 'Sve regije'])
  })
})
