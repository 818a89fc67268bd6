import { beforeAll, describe, expect, it } from 'vitest'
import { json, signInAs } from '../../../test/helpers.ts'
import { auditRows, catalogueVersion } from '../catalogue/test-fixtures.ts'
import { createProduct, setShippingSettings, type CreatedProduct } from '../orders/test-fixtures.ts'
import { shippingSettings } from '../../seed/demo-data/settings.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'
import { saveSettings } from '../../../test/support/record-version.ts'

const test = useTestApp()
const manager = useSignInAs(test, 'store_manager')
let hammer: CreatedProduct

const STORED_AT = '2026-01-05T10:00:00.000Z'
// The demo shop's settings with two plain options: its courier, and a pickup made from it.
const seeded = shippingSettings(STORED_AT)
const courier = seeded.options.find((option) => option.id === 'courier')!
const pickup = { ...courier, id: 'pickup', name: 'Osobno preuzimanje', description: 'U trgovini', basePrice: 0 }
const demo = { ...seeded, options: [courier, pickup] }

beforeAll(async () => {
  await setShippingSettings(test.db, demo)
  hammer = await createProduct(test.db, { name: 'Čekić', price: 120, stock: 50 })
})

const patch = (payload: unknown, headers = manager) =>
  saveSettings(test, { method: 'PATCH', url: '/api/settings/shipping', key: 'shipping' }, payload, headers)
const read = async () => json(await test.app.inject({ method: 'GET', url: '/api/settings/shipping' }))
const quote = async (quantity: number) =>
  json<{ subtotal: number; shippingCost: number; freeShippingThreshold: number }>(
    await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { lines: [{ productId: hammer.id, quantity }] },
    }),
  )

describe('PATCH /api/settings/shipping', () => {
  it.each([
    ['anonymous', 401],
    ['user', 403],
    ['wholesale', 403],
  ] as const)('refuses %s with %i and changes nothing', async (role, status) => {
    const response = await patch({ ...demo, freeShippingThreshold: 1 }, await signInAs(test, role))
    expect(response.statusCode).toBe(status)
    expect(await read()).toMatchObject({ freeShippingThreshold: 300 })
  })

  it('saves the whole object for a store manager, which GET and the cart quote then use', async () => {
    expect(await quote(2)).toMatchObject({ subtotal: 240, shippingCost: 10, freeShippingThreshold: 300 })
    const version = await catalogueVersion(test.db)
    const local = {
      id: 'local',
      name: '  Lokalna dostava ',
      description: '',
      basePrice: 5,
      isActive: false,
      conditions: { minOrderValue: 20, maxOrderValue: 500, regions: ['Zapadno-Hercegovački kanton'] },
    }
    const express = { ...courier, basePrice: 15, createdAt: 'ignored', updatedAt: 'ignored' }
    const response = await patch({
      id: 'default',
      freeShippingThreshold: 200,
      defaultOptionId: 'pickup',
      options: [express, pickup, local],
    })
    expect(response.statusCode).toBe(200)
    const saved = json<Record<string, unknown> & { options: Record<string, unknown>[] }>(response)
    expect(saved).toMatchObject({
      id: 'default',
      freeShippingThreshold: 200,
      defaultOptionId: 'pickup',
      // Fields the page does not edit are kept.
      basePrice: 10,
      pricePerItem: 2,
    })
    const [changed, untouched, added] = saved.options
    // A changed option keeps its createdAt and gets a new updatedAt; an unchanged one keeps both.
    expect(changed).toMatchObject({ id: 'courier', basePrice: 15, createdAt: STORED_AT })
    expect(changed!.updatedAt).not.toBe(STORED_AT)
    // An option saved before the free-shipping switch existed gets it switched on, its default.
    expect(untouched).toEqual({ ...pickup, appliesFreeShipping: true, pricedByWeight: false })
    expect(added).toEqual({
      id: 'local',
      name: 'Lokalna dostava',
      description: null,
      basePrice: 5,
      isActive: false,
      appliesFreeShipping: true,
      pricedByWeight: false,
      conditions: { minOrderValue: 20, maxOrderValue: 500, regions: ['Zapadno-Hercegovački kanton'] },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    expect(await read()).toEqual(saved)
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    expect((await auditRows(test.db, 'settings', 'shipping')).at(-1)).toMatchObject({
      action: 'update',
      actor_email: expect.any(String),
      before: demo,
      after: { freeShippingThreshold: 200, defaultOptionId: 'pickup' },
    })
    // 240 KM is now above the 200 KM threshold: the default (pickup) and every option are free.
    expect(await quote(2)).toMatchObject({ subtotal: 240, shippingCost: 0, freeShippingThreshold: 200 })
    expect(await quote(1)).toMatchObject({ subtotal: 120, shippingCost: 0, freeShippingThreshold: 200 })
  })

  it('is allowed to an admin too, and the quote charges below the new threshold', async () => {
    const response = await patch(
      { id: 'default', freeShippingThreshold: 150, defaultOptionId: 'courier', options: [courier] },
      await signInAs(test, 'admin'),
    )
    expect(response.statusCode).toBe(200)
    expect(await quote(1)).toMatchObject({ subtotal: 120, shippingCost: 10, freeShippingThreshold: 150 })
    expect(await quote(2)).toMatchObject({ subtotal: 240, shippingCost: 0, freeShippingThreshold: 150 })
  })

  it('keeps the free-shipping switch: an express option costs its price above the threshold', async () => {
    const express = { ...courier, id: 'express', name: 'Brza dostava', basePrice: 20, appliesFreeShipping: false }
    const response = await patch({
      id: 'default',
      freeShippingThreshold: 150,
      defaultOptionId: 'courier',
      options: [courier, express],
    })
    expect(response.statusCode).toBe(200)
    const saved = json<{ options: Record<string, unknown>[] }>(response)
    expect(saved.options.map((option) => [option.id, option.appliesFreeShipping])).toEqual([
      ['courier', true],
      ['express', false],
    ])
    expect((await read()) as unknown).toMatchObject({
      options: [{ appliesFreeShipping: true }, { appliesFreeShipping: false }],
    })
    const quoteWith = async (shippingOptionId: string) =>
      json<{ shippingCost: number; shippingOptions: { id: string; cost: number; appliesFreeShipping: boolean }[] }>(
        await test.app.inject({
          method: 'POST',
          url: '/api/cart/quote',
          payload: { lines: [{ productId: hammer.id, quantity: 2 }], shippingOptionId },
        }),
      )
    const above = await quoteWith('express')
    expect(above.shippingCost).toBe(20)
    expect(above.shippingOptions).toEqual([
      expect.objectContaining({ id: 'courier', cost: 0, appliesFreeShipping: true }),
      expect.objectContaining({ id: 'express', cost: 20, appliesFreeShipping: false }),
    ])
    expect((await quoteWith('courier')).shippingCost).toBe(0)
  })

  const option = (fields: Record<string, unknown>) => ({ ...demo, options: [{ ...courier, ...fields }] })
  it.each([
    [{ ...demo, freeShippingThreshold: -1 }, 'Prag za besplatnu dostavu mora biti cijeli broj, 0 ili veći'],
    [{ ...demo, freeShippingThreshold: 12.5 }, 'Prag za besplatnu dostavu mora biti cijeli broj, 0 ili veći'],
    [option({ name: '' }), 'Naziv opcije dostave je obavezan'],
    [option({ basePrice: -1 }), 'Cijena dostave mora biti broj 0 ili veći'],
    [option({ conditions: { minOrderValue: -3 } }), 'Vrijednost narudžbe mora biti broj 0 ili veći'],
    [option({ conditions: { maxOrderValue: -3 } }), 'Vrijednost narudžbe mora biti broj 0 ili veći'],
    [
      option({ conditions: { minOrderValue: 100, maxOrderValue: 99 } }),
      'Najveća vrijednost narudžbe ne smije biti manja od najmanje',
    ],
    [option({ conditions: { regions: ['Istra'] } }), 'Regija mora biti jedan od 14 kantona'],
    [{ ...demo, options: [courier, courier] }, 'Oznaka opcije dostave "courier" je navedena više puta'],
    [{ ...demo, defaultOptionId: 'express' }, 'Zadana opcija mora biti jedna od opcija dostave'],
  ])('refuses %j with 400 and the message, saving nothing', async (payload, message) => {
    const before = await read()
    const response = await patch(payload)
    expectValidationFailed(response, message)
    expect(await read()).toEqual(before)
  })
})
