import type { Role } from '@shop/shared/rules/roles.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import {
  SHIPPING_SETTINGS,
  createProduct,
  postAs,
  setShippingSettings,
  type CreatedProduct,
  useOrderTestApp,
} from './test-fixtures.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useOrderTestApp({}, { liftLimits: false })
let hammer: CreatedProduct
let shirt: CreatedProduct
let unlimited: CreatedProduct
let soldOut: CreatedProduct

beforeAll(async () => {
  hammer = await createProduct(test.db, {
    name: 'Čekić',
    customId: '10001',
    price: 25,
    discountPrice: 20,
    wholesalePrice: 15,
    stock: 4,
    image: '/uploads/cekic.webp',
  })
  shirt = await createProduct(test.db, {
    name: 'Radna košulja',
    price: 40,
    stock: 0,
    options: [
      { size: 'M', stock: 2, customId: 'RK-M' },
      { size: 'XL', stock: 0, price: 45, wholesalePrice: 30 },
      { size: 'XXL', infinite: true },
    ],
  })
  unlimited = await createProduct(test.db, { name: 'Vijci', price: 0.35, stock: 0, infinite: true })
  soldOut = await createProduct(test.db, { name: 'Pila', price: 60, stock: 0 })
})

type Quote = {
  lines: Record<string, unknown>[]
  shippingOptions: { id: string; cost: number; isPickup: boolean }[]
  shippingOption: { id: string; name: string; cost: number } | null
  isRequestedShippingAvailable: boolean
  shippingCost: number
  freeShippingThreshold: number
  itemCount: number
  subtotal: number
  total: number
  canCheckout: boolean
}

const quote = (payload: unknown, roles: Role[] | null = null) => postAs(test, '/api/cart/quote', payload, roles)

describe('POST /api/cart/quote', () => {
  it('re-prices and re-checks every line and reports what is gone', async () => {
    const response = await quote({
      lines: [
        { productId: hammer.customId, quantity: 2 },
        { productId: shirt.id, size: 'M', quantity: 3 },
        { productId: unlimited.id, quantity: 100 },
        { productId: soldOut.id, quantity: 1 },
        { productId: 'izbrisan', quantity: 1 },
        { productId: shirt.id, size: 'S', quantity: 1 },
        { productId: shirt.id, quantity: 1 },
      ],
    })
    expect(response.statusCode).toBe(200)
    const body = json<Quote>(response)
    expect(body.lines).toEqual([
      {
        productId: '10001',
        id: hammer.id,
        customId: '10001',
        productCustomId: '10001',
        name: 'Čekić',
        image: '/uploads/cekic.webp',
        size: null,
        quantity: 2,
        price: 20,
        regularPrice: 25,
        lineTotal: 40,
        isWholesalePrice: false,
        availableStock: 4,
        isAvailable: true,
        hasEnoughStock: true,
        status: 'ok',
        message: null,
        unit: 'kom',
        noLineLimit: false,
      },
      expect.objectContaining({
        id: shirt.id,
        customId: 'RK-M',
        // The cart stores the product's own code, the option by its size.
        productCustomId: shirt.customId,
        size: 'M',
        price: 40,
        lineTotal: 120,
        availableStock: 2,
        isAvailable: true,
        hasEnoughStock: false,
        status: 'insufficient_stock',
        message: 'Not enough stock available',
      }),
      expect.objectContaining({
        name: 'Vijci',
        price: 0.35,
        lineTotal: 35,
        availableStock: null,
        hasEnoughStock: true,
        status: 'ok',
      }),
      // A sold-out line says what the store says of it and is left out of the summary.
      expect.objectContaining({
        name: 'Pila',
        price: 60,
        lineTotal: 0,
        availableStock: 0,
        isAvailable: false,
        hasEnoughStock: false,
        status: 'out_of_stock',
        message: 'Nema na stanju',
      }),
      {
        productId: 'izbrisan',
        id: null,
        customId: null,
        productCustomId: null,
        name: null,
        image: null,
        size: null,
        quantity: 1,
        price: null,
        regularPrice: null,
        lineTotal: 0,
        isWholesalePrice: false,
        availableStock: 0,
        isAvailable: false,
        hasEnoughStock: false,
        status: 'product_not_found',
        message: 'Proizvod "izbrisan" više nije dostupan. Uklonite ga iz košarice.',
        unit: 'kom',
        noLineLimit: false,
      },
      expect.objectContaining({
        size: 'S',
        status: 'size_not_found',
        isAvailable: false,
        message: 'Veličina "S" proizvoda "Radna košulja" više nije dostupna.',
      }),
      expect.objectContaining({ status: 'size_required', message: 'Odaberite veličinu za proizvod "Radna košulja".' }),
    ])
    expect(body).toMatchObject({ subtotal: 195, itemCount: 105, canCheckout: false, freeShippingThreshold: 300 })
  })

  it('offers active options with their cost and defaults to the first', async () => {
    const body = json<Quote>(await quote({ lines: [{ productId: hammer.id, quantity: 1 }] }))
    expect(body.shippingOptions).toEqual([
      {
        id: 'courier',
        name: 'Brza pošta',
        description: 'Dostava 2-7 radnih dana',
        basePrice: 12,
        cost: 12,
        isPickup: false,
        appliesFreeShipping: true,
        pricedByWeight: false,
      },
      {
        id: 'pickup',
        name: 'Osobno preuzimanje',
        description: 'U trgovini',
        basePrice: 0,
        cost: 0,
        isPickup: true,
        appliesFreeShipping: true,
        pricedByWeight: false,
      },
      // The canton is not known before the address form, so a region-limited option is still offered.
      {
        id: 'local',
        name: 'Lokalna dostava',
        description: 'Mostar i okolica',
        basePrice: 5,
        cost: 5,
        isPickup: false,
        appliesFreeShipping: true,
        pricedByWeight: false,
      },
    ])
    expect(body).toMatchObject({
      shippingOption: { id: 'courier' },
      isRequestedShippingAvailable: true,
      shippingCost: 12,
      subtotal: 20,
      total: 32,
      canCheckout: true,
    })
  })

  it('honours the region and order value of an option', async () => {
    const small = [{ productId: unlimited.id, quantity: 10 }]
    const belowMinimum = json<Quote>(
      await quote({ lines: small, region: 'Hercegovačko-neretvanski kanton', shippingOptionId: 'local' }),
    )
    expect(belowMinimum.shippingOptions.map((option) => option.id)).toEqual(['courier', 'pickup'])
    expect(belowMinimum).toMatchObject({
      isRequestedShippingAvailable: false,
      shippingOption: { id: 'courier' },
      shippingCost: 12,
      total: 15.5,
    })
    const lines = [{ productId: hammer.id, quantity: 2 }]
    const mostar = json<Quote>(
      await quote({ lines, region: 'Hercegovačko-neretvanski kanton', shippingOptionId: 'local' }),
    )
    expect(mostar.shippingOptions.map((option) => option.id)).toEqual(['courier', 'pickup', 'local'])
    expect(mostar).toMatchObject({
      isRequestedShippingAvailable: true,
      shippingOption: { id: 'local', cost: 5 },
      shippingCost: 5,
      total: 45,
    })
    const sarajevo = json<Quote>(await quote({ lines, region: 'Kanton Sarajevo', shippingOptionId: 'local' }))
    expect(sarajevo.shippingOptions.map((option) => option.id)).toEqual(['courier', 'pickup'])
    expect(sarajevo).toMatchObject({ isRequestedShippingAvailable: false, shippingOption: { id: 'courier' } })
  })

  it('makes shipping free at the threshold and pickup free always', async () => {
    const free = json<Quote>(await quote({ lines: [{ productId: unlimited.id, quantity: 1000 }] }))
    expect(free).toMatchObject({ subtotal: 350, shippingCost: 0, total: 350 })
    expect(free.shippingOptions.every((option) => option.cost === 0)).toBe(true)
    const pickup = json<Quote>(
      await quote({ lines: [{ productId: hammer.id, quantity: 1 }], shippingOptionId: 'pickup' }),
    )
    expect(pickup).toMatchObject({ shippingOption: { id: 'pickup', cost: 0 }, shippingCost: 0, total: 20 })
  })

  it.each([
    [null, 20, 45, false],
    [['user'], 20, 45, false],
    [['user', 'wholesale'], 15, 30, true],
    [['user', 'store_manager'], 20, 45, false],
    [['user', 'admin'], 20, 45, false],
  ] as const)('prices for %j: %d and %d', async (roles, hammerPrice, shirtPrice, isWholesale) => {
    const body = json<Quote>(
      await quote(
        {
          lines: [
            { productId: hammer.id, quantity: 1 },
            { productId: shirt.id, size: 'XL', quantity: 1 },
          ],
        },
        roles ? [...roles] : null,
      ),
    )
    expect(body.lines.map((line) => line.price)).toEqual([hammerPrice, shirtPrice])
    expect(body.lines.map((line) => line.isWholesalePrice)).toEqual([isWholesale, isWholesale])
  })

  it('charges a wholesale customer the sale price when it is below the wholesale price', async () => {
    const onSale = await createProduct(test.db, { price: 49.9, discountPrice: 37.43, wholesalePrice: 39.92, stock: 5 })
    const sized = await createProduct(test.db, {
      price: 80,
      stock: 0,
      options: [
        { size: 'S', stock: 5, price: 60, discountPrice: 45, wholesalePrice: 48, customId: 'OPT-S' },
        { size: 'L', stock: 5, price: 60, discountPrice: 55, wholesalePrice: 48, customId: 'OPT-L' },
      ],
    })
    const lines = [
      { productId: onSale.id, quantity: 1 },
      { productId: sized.id, size: 'S', quantity: 1 },
      { productId: sized.id, size: 'L', quantity: 1 },
    ]
    const wholesale = json<Quote>(await quote({ lines }, ['user', 'wholesale']))
    expect(
      wholesale.lines.map(({ price, regularPrice, isWholesalePrice }) => ({ price, regularPrice, isWholesalePrice })),
    ).toEqual([
      { price: 37.43, regularPrice: 49.9, isWholesalePrice: false },
      { price: 45, regularPrice: 60, isWholesalePrice: false },
      { price: 48, regularPrice: 60, isWholesalePrice: true },
    ])
    expect(wholesale.subtotal).toBe(130.43)
    const retail = json<Quote>(await quote({ lines }, ['user']))
    expect(retail.lines.map((line) => line.price)).toEqual([37.43, 45, 55])
  })

  it('quotes an empty cart as data', async () => {
    const response = await quote({ lines: [] })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ lines: [], subtotal: 0, itemCount: 0, canCheckout: false })
  })

  it.each([
    [{ lines: [{ productId: 'a', quantity: 0 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ lines: [{ productId: 'a', quantity: 100_000 }] }, 'Količina je prevelika.'],
    [{ lines: [{ quantity: 1 }] }, 'Nedostaje šifra proizvoda.'],
    [{ lines: [{ productId: 'a\u0000', quantity: 1 }] }, 'Unos sadrži nedozvoljene znakove.'],
    [{ lines: [], shippingOptionId: 'x\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
    [
      { lines: Array.from({ length: 101 }, () => ({ productId: 'a', quantity: 1 })) },
      'Košarica može imati najviše 100 stavki.',
    ],
  ])('%#: answers 400 %s', async (payload, message) => {
    const response = await quote(payload)
    expectValidationFailed(response, message)
  })

  it('falls back to 12 KM when the stored settings are unreadable, and to 10 + 2 per item without options', async () => {
    await setShippingSettings(test.db, { options: 'broken' })
    const broken = json<Quote>(await quote({ lines: [{ productId: hammer.id, quantity: 2 }] }))
    expect(broken).toMatchObject({ shippingOptions: [], shippingOption: null, shippingCost: 12, total: 52 })
    await test.db.query(`delete from settings where key = 'shipping'`)
    const missing = json<Quote>(await quote({ lines: [{ productId: hammer.id, quantity: 2 }] }))
    expect(missing).toMatchObject({
      shippingOptions: [],
      shippingOption: null,
      shippingCost: 14,
      total: 54,
      freeShippingThreshold: 300,
    })
    await setShippingSettings(test.db, SHIPPING_SETTINGS)
  })
})
