import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD,
  DEFAULT_SHIPPING_SETTINGS,
  LOCAL_FALLBACK_SHIPPING,
  SHIPPING_COST_WHEN_SETTINGS_FAIL,
  availableShippingOptions,
  calculateShipping,
  isPickupOption,
  localFallbackShippingCost,
  meetsConditions,
  shippingOptionCost,
  showsFreeShippingHint,
  type ShippingOption,
  type ShippingSettings,
} from './shipping.ts'
import { itReturns } from './test-support.ts'

const courier: ShippingOption = {
  id: 'courier',
  name: 'Brza pošta',
  description: '2-7 radnih dana',
  basePrice: 12,
  isActive: true,
}
const pickup: ShippingOption = {
  id: 'pickup',
  name: 'Osobno preuzimanje',
  description: 'U trgovini',
  basePrice: 0,
  isActive: true,
}
const inactive: ShippingOption = { id: 'express', name: 'Ekspres', basePrice: 25, isActive: false }
const hercegovina: ShippingOption = {
  id: 'local',
  name: 'Lokalna dostava',
  basePrice: 5,
  isActive: true,
  conditions: { regions: ['Hercegovačko-neretvanski kanton'], minOrderValue: 20, maxOrderValue: 200 },
}
const settings: ShippingSettings = { options: [inactive, courier, pickup, hercegovina], freeShippingThreshold: 300 }

describe('shipping constants (customer-side.md §9)', () => {
  it('keeps the specification fallbacks', () => {
    expect(SHIPPING_COST_WHEN_SETTINGS_FAIL).toBe(12)
    expect(LOCAL_FALLBACK_SHIPPING).toEqual({ basePrice: 10, pricePerItem: 2 })
    expect(DEFAULT_SHIPPING_SETTINGS).toMatchObject({ basePrice: 10, freeShippingThreshold: 300 })
    expect(DEFAULT_FREE_SHIPPING_THRESHOLD).toBe(300)
  })
})

describe('meetsConditions', () => {
  it.each([
    [{ subtotal: 50, region: 'Hercegovačko-neretvanski kanton' }, true],
    [{ subtotal: 50, region: 'Kanton Sarajevo' }, false],
    [{ subtotal: 50, region: '' }, false],
    [{ subtotal: 50, region: undefined }, true],
    [{ subtotal: 19.99, region: 'Hercegovačko-neretvanski kanton' }, false],
    [{ subtotal: 20, region: 'Hercegovačko-neretvanski kanton' }, true],
    [{ subtotal: 200, region: 'Hercegovačko-neretvanski kanton' }, true],
    [{ subtotal: 200.01, region: 'Hercegovačko-neretvanski kanton' }, false],
  ])('regions and order value window: %j -> %s', (context, expected) => {
    expect(meetsConditions(hercegovina, context)).toBe(expected)
  })

  it.each([
    [{ regions: [] }, true],
    [{ regions: null }, true],
    [null, true],
    [{ maxOrderValue: 0 }, true],
    [{ minOrderValue: 0 }, true],
    [{ maxOrderValue: 10 }, false],
  ])('conditions %j for 50 KM anywhere -> %s', (conditions, expected) => {
    expect(
      meetsConditions({ id: 'x', name: 'X', basePrice: 1, conditions }, { subtotal: 50, region: 'Kanton Sarajevo' }),
    ).toBe(expected)
  })
})

describe('availableShippingOptions', () => {
  it('offers only active options that fit the cart, in the staff order', () => {
    expect(availableShippingOptions(settings, { subtotal: 50, region: 'Kanton Sarajevo' }).map((o) => o.id)).toEqual([
      'courier',
      'pickup',
    ])
    expect(
      availableShippingOptions(settings, { subtotal: 50, region: 'Hercegovačko-neretvanski kanton' }).map((o) => o.id),
    ).toEqual(['courier', 'pickup', 'local'])
  })

  it('treats an option without isActive as active', () => {
    expect(availableShippingOptions({ options: [{ id: 'a', name: 'A', basePrice: 3 }] }, { subtotal: 1 })).toHaveLength(
      1,
    )
  })
})

describe('calculateShipping', () => {
  it.each([
    ['first active option is the default', { settings, subtotal: 100, itemCount: 2 }, 'option', 'courier', 12],
    [
      'the chosen option by id',
      { settings, option: 'local', subtotal: 100, itemCount: 2, region: 'Hercegovačko-neretvanski kanton' },
      'option',
      'local',
      5,
    ],
    [
      'the chosen option by name',
      { settings, option: 'Brza pošta', subtotal: 100, itemCount: 2 },
      'option',
      'courier',
      12,
    ],
    ['pickup costs 0', { settings, option: 'pickup', subtotal: 10, itemCount: 1 }, 'option', 'pickup', 0],
    ['free at the threshold', { settings, subtotal: 300, itemCount: 1 }, 'option', 'courier', 0],
    ['free above the threshold', { settings, subtotal: 450.5, itemCount: 1 }, 'option', 'courier', 0],
    ['not free just below it', { settings, subtotal: 299.99, itemCount: 1 }, 'option', 'courier', 12],
    [
      'default threshold 300 when missing',
      { settings: { options: [courier] }, subtotal: 300, itemCount: 1 },
      'option',
      'courier',
      0,
    ],
    [
      'defaultOptionId when available',
      { settings: { ...settings, defaultOptionId: 'pickup' }, subtotal: 10, itemCount: 1 },
      'option',
      'pickup',
      0,
    ],
    [
      'defaultOptionId ignored when inactive',
      { settings: { ...settings, defaultOptionId: 'express' }, subtotal: 10, itemCount: 1 },
      'option',
      'courier',
      12,
    ],
    [
      'an inactive choice is unavailable',
      { settings, option: 'express', subtotal: 10, itemCount: 1 },
      'unavailable',
      null,
      12,
    ],
    [
      'an unknown choice is unavailable',
      { settings, option: 'nope', subtotal: 10, itemCount: 1 },
      'unavailable',
      null,
      12,
    ],
    [
      'a region-limited choice elsewhere is unavailable',
      { settings, option: 'local', subtotal: 50, itemCount: 1, region: 'Kanton Sarajevo' },
      'unavailable',
      null,
      12,
    ],
    ['settings that failed to load cost 12', { settings: null, subtotal: 10, itemCount: 5 }, 'fallback', null, 12],
    [
      'no active option: basePrice 10 + 2 per item',
      { settings: { options: [inactive] }, subtotal: 10, itemCount: 3 },
      'fallback',
      null,
      16,
    ],
    [
      'no options: the settings own fallbacks',
      { settings: { options: [], basePrice: 7, pricePerItem: 1.5 }, subtotal: 10, itemCount: 2 },
      'fallback',
      null,
      10,
    ],
    [
      'no options: free above the threshold',
      { settings: { options: [] }, subtotal: 300, itemCount: 2 },
      'fallback',
      null,
      0,
    ],
  ] as const)('%s', (_name, input, kind, optionId, cost) => {
    const result = calculateShipping(input)
    expect(result.kind).toBe(kind)
    expect(result.option?.id ?? null).toBe(optionId)
    expect(result.cost).toBe(cost)
  })
})

describe('localFallbackShippingCost', () => {
  it.each([
    [0, 10],
    [1, 12],
    [4, 18],
  ])('%i items cost %d', (itemCount, cost) => {
    expect(localFallbackShippingCost({}, itemCount, 10)).toBe(cost)
  })
})

describe('isPickupOption', () => {
  itReturns(isPickupOption, '%j -> %s', [
    [pickup, true],
    [{ id: 'abc', name: 'Preuzimanje u trgovini' }, true],
    [{ id: 'store-pickup', name: 'Trgovina' }, true],
    [courier, false],
    [{ id: 'free', name: 'Besplatna dostava' }, false],
    [null, false],
  ])
})

describe('the free-shipping threshold covers the standard options only (docs/decisions.md, Walk-through fixes)', () => {
  const express: ShippingOption = { id: 'express', name: 'Brza dostava', basePrice: 20, appliesFreeShipping: false }
  const standard: ShippingOption = { ...courier, appliesFreeShipping: true }
  const settings: ShippingSettings = { freeShippingThreshold: 300, options: [courier, express, pickup] }

  it.each([
    ['standard below the threshold', courier, 299.99, 12],
    ['standard at the threshold', courier, 300, 0],
    ['a switched-on option above the threshold', standard, 500, 0],
    ['express below the threshold', express, 100, 20],
    ['express at the threshold keeps its price', express, 300, 20],
    ['express far above the threshold keeps its price', express, 5000, 20],
    ['pickup is free anyway', pickup, 10, 0],
  ] as const)('%s', (_name, option, subtotal, cost) => {
    expect(shippingOptionCost(settings, option, subtotal)).toBe(cost)
  })

  it('charges a chosen express option above the threshold, the default one nothing', () => {
    expect(calculateShipping({ settings, subtotal: 400, itemCount: 1, option: 'express' })).toMatchObject({ cost: 20 })
    expect(calculateShipping({ settings, subtotal: 400, itemCount: 1 })).toMatchObject({ cost: 0 })
  })

  it.each([
    ['a standard delivery option', courier, true],
    ['a switched-on option', standard, true],
    ['an express option', express, false],
    ['pickup', pickup, false],
    ['a free delivery option', { id: 'besplatna', name: 'Besplatna dostava', basePrice: 0 }, false],
    ['no option yet (the per-item fallback)', null, true],
  ] as const)('shows the hint for %s: %s', (_name, option, shows) => {
    expect(showsFreeShippingHint(option)).toBe(shows)
  })
})
