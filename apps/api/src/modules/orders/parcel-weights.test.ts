import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'
import { auditRows } from '../catalogue/test-fixtures.ts'
import {
  DELIVERY_ADDRESS,
  SHIPPING_SETTINGS,
  createProduct,
  placeOrder,
  setShippingSettings,
  type CreatedProduct,
  useOrderTestApp,
} from './test-fixtures.ts'
import { versionOf } from '../../../test/support/record-version.ts'

// docs/decisions.md, 'Product weights and shipping by weight': weights in the staff product form, the
// parcel's weight in the cart quote and on the order, shipping priced by the published table
// (staff-and-content.md §9), and the staff's list of products without a weight.

const test = useOrderTestApp()
const staff = useSignInAs(test, 'store_manager')
const customer = useSignInAs(test, 'user')

const WEIGHT_SETTINGS = {
  ...SHIPPING_SETTINGS,
  options: [
    { id: 'parcel', name: 'Dostava po težini', description: 'Kurirska služba', basePrice: 10, pricedByWeight: true },
    ...SHIPPING_SETTINGS.options!,
  ],
}

let categoryId: string
let brick: CreatedProduct
let shirt: CreatedProduct
let unweighed: CreatedProduct

async function setWeight(table: 'products' | 'product_options', id: string, kg: number | null) {
  await test.db.query(`update ${table} set weight_kg = $2 where id = $1`, [id, kg])
}

beforeAll(async () => {
  await setShippingSettings(test.db, WEIGHT_SETTINGS)
  // 1 kg a piece, so that the quantity is the parcel's weight; infinite stock for the heavy parcels.
  brick = await createProduct(test.db, { name: 'Cigla', price: 0.5, infinite: true })
  await setWeight('products', brick.id, 1)
  shirt = await createProduct(test.db, {
    name: 'Radna košulja',
    price: 40,
    options: [
      { size: 'M', stock: 5 },
      { size: 'XXL', stock: 5 },
    ],
  })
  await setWeight('products', shirt.id, 0.25)
  await setWeight('product_options', shirt.options[1]!.id, 0.4)
  unweighed = await createProduct(test.db, { name: 'Lopata bez težine', price: 30 })
  const { rows } = await test.db.query<{ id: string }>(`select id from categories limit 1`)
  categoryId = rows[0]!.id
})

const quote = (lines: unknown[], shippingOptionId?: string) =>
  test.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { lines, shippingOptionId } })

type Quote = {
  weightKg: number | null
  parcelNotice: string | null
  shippingCost: number
  shippingOption: { id: string } | null
  shippingOptions: { id: string; cost: number; pricedByWeight: boolean }[]
}

describe('the weight in the staff product form', () => {
  let code = 5000
  const post = (payload: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: staff,
      payload: { customId: `W-${++code}`, name: 'Vreća cementa', price: 12, categoryId, stock: 5, ...payload },
    })

  it('stores kg with a decimal comma, answers weight_kg staff and public, and an option takes the product weight', async () => {
    const response = await post({
      weight_kg: '1,25',
      has_sizes: true,
      size_stock: [
        { size: '25 kg', stock: 1, price: 12, weight_kg: '25,000' },
        { size: 'Mala', stock: 1, price: 12, weight_kg: '' },
      ],
    })
    expect(response.statusCode).toBe(201)
    const saved = json<{ id: string; weight_kg: number; size_stock: { weight_kg: number | null }[] }>(response)
    expect(saved.weight_kg).toBe(1.25)
    expect(saved.size_stock.map((option) => option.weight_kg)).toEqual([25, null])
    const shown = json<{ weight_kg: number; size_stock: { weight_kg: number }[] }>(
      await test.app.inject({ url: `/api/products/${saved.id}` }),
    )
    expect(shown.weight_kg).toBe(1.25)
    expect(shown.size_stock.map((option) => option.weight_kg)).toEqual([25, 1.25])
    const cleared = await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${saved.id}`,
      headers: staff,
      payload: { version: await versionOf(test.db, 'products', saved.id), weight_kg: null },
    })
    expect(json<{ weight_kg: number | null }>(cleared).weight_kg).toBeNull()
    const plain = json<{ weight_kg: number | null }>(await post({}))
    expect(plain.weight_kg).toBeNull()
  })

  it.each([[-1], [1.2345], ['teško'], ['0,0001']])('refuses the weight %j with a Bosnian message', async (weight) => {
    expectValidationFailed(
      await post({ weight_kg: weight }),
      'Težina mora biti broj 0 ili veći (u kg, najviše tri decimale) ili prazno',
    )
  })

  it("refuses an option's weight naming the option", async () => {
    const response = await post({
      has_sizes: true,
      size_stock: [{ size: 'Velika', stock: 1, price: 12, weight_kg: -2 }],
    })
    expectValidationFailed(
      response,
      'Težina opcije Velika mora biti broj 0 ili veći (u kg, najviše tri decimale) ili prazno',
    )
  })
})

describe('the staff list of products without a weight', () => {
  it('lists a product without a weight and one whose option has none, not the weighed ones', async () => {
    const response = await test.app.inject({ url: '/api/admin/products/without-weight', headers: staff })
    expect(response.statusCode).toBe(200)
    const body = json<{ count: number; products: { id: string; name: string }[] }>(response)
    const ids = body.products.map((product) => product.id)
    expect(ids).toContain(unweighed.id)
    expect(ids).not.toContain(brick.id)
    expect(ids).not.toContain(shirt.id)
    expect(body.count).toBe(body.products.length)
    const { rows } = await test.db.query<{ count: number }>(
      `select count(*)::int as count from products p
        where (not p.has_sizes and p.weight_kg is null)
           or exists (select 1 from product_options o where o.product_id = p.id and coalesce(o.weight_kg, p.weight_kg) is null)`,
    )
    expect(body.count).toBe(rows[0]!.count)
  })

  it('is for staff only', async () => {
    const response = await test.app.inject({ url: '/api/admin/products/without-weight', headers: customer })
    expect(response.statusCode).toBe(403)
    expect((await test.app.inject({ url: '/api/admin/products/without-weight' })).statusCode).toBe(401)
  })
})

describe('the parcel weight and the table price in the cart quote', () => {
  it('sums the weight, an option with its own weight and one with the product weight', async () => {
    const body = json<Quote>(
      await quote([
        { productId: brick.id, quantity: 12 },
        { productId: shirt.id, size: 'M', quantity: 1 },
        { productId: shirt.id, size: 'XXL', quantity: 1 },
      ]),
    )
    expect(body.weightKg).toBe(12.65)
    expect(body.parcelNotice).toBeNull()
  })

  it.each([
    [10, 12],
    [11, 14.5],
    [300, 98.5],
  ])('charges the table at %d kg: %d KM', async (kg, price) => {
    const body = json<Quote>(await quote([{ productId: brick.id, quantity: kg }], 'parcel'))
    expect(body).toMatchObject({ weightKg: kg, shippingCost: price, shippingOption: { id: 'parcel' } })
    expect(body.shippingOptions.find((option) => option.id === 'parcel')).toMatchObject({
      cost: price,
      pricedByWeight: true,
    })
  })

  it('charges the next band one gram over a band (10.001 kg: 14.50 KM)', async () => {
    await setWeight('products', brick.id, 10.001)
    try {
      const body = json<Quote>(await quote([{ productId: brick.id, quantity: 1 }], 'parcel'))
      expect(body).toMatchObject({ weightKg: 10.001, shippingCost: 14.5 })
      await setWeight('products', brick.id, 10)
      expect(json<Quote>(await quote([{ productId: brick.id, quantity: 1 }], 'parcel')).shippingCost).toBe(12)
    } finally {
      await setWeight('products', brick.id, 1)
    }
  })

  it('offers only pickup above 300 kg and tells the buyer to contact the shop', async () => {
    const body = json<Quote>(await quote([{ productId: brick.id, quantity: 301 }], 'parcel'))
    expect(body.shippingOptions.map((option) => option.id)).toEqual(['pickup'])
    expect(body).toMatchObject({ weightKg: 301, shippingCost: 0, shippingOption: { id: 'pickup' } })
    expect(body.parcelNotice).toBe(
      'Paket teži 301,000 kg, više od 300 kg: cijenu dostave dogovaramo s vama, kontaktirajte nas. Do tada možete odabrati osobno preuzimanje.',
    )
  })

  it('does not offer the weight-priced option for a cart with a product without a weight', async () => {
    const body = json<Quote>(
      await quote(
        [
          { productId: brick.id, quantity: 2 },
          { productId: unweighed.id, quantity: 1 },
        ],
        'parcel',
      ),
    )
    expect(body.weightKg).toBeNull()
    expect(body.shippingOptions.map((option) => option.id)).not.toContain('parcel')
    expect(body.parcelNotice).toBe(
      'Neki proizvodi u košarici nemaju upisanu težinu, pa dostava po težini paketa nije ponuđena.',
    )
  })
})

describe('orders keep the parcel weight and are charged by the table', () => {
  const order = (quantity: number, shippingMethod: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        email: 'teret@example.ba',
        products: [{ product_id: brick.id, quantity, price: 0.01, name: brick.name }],
        shippingAddress: DELIVERY_ADDRESS,
        shippingMethod,
        ...extra,
      },
    })

  it('charges 14.50 KM for 11 kg whatever the client sends and stores the weight', async () => {
    const response = await order(
      11,
      { id: 'parcel', name: 'Dostava po težini', basePrice: 0 },
      { shippingCost: 0, total: 5.5, weightKg: 1 },
    )
    expect(response.statusCode).toBe(201)
    const placed = { order: json<{ id: string; shippingCost: number; total: number; weightKg: number }>(response) }
    expect(placed.order).toMatchObject({ shippingCost: 14.5, total: 20, weightKg: 11 })
    const { rows } = await test.db.query<{ weight_kg: number }>('select weight_kg from orders where id = $1', [
      placed.order.id,
    ])
    expect(rows[0]!.weight_kg).toBe(11)
    const staffView = json<{ weightKg: number; items: { weightKg: number }[] }>(
      await test.app.inject({ url: `/api/orders/${placed.order.id}`, headers: staff }),
    )
    expect(staffView.weightKg).toBe(11)
    expect(staffView.items[0]!.weightKg).toBe(1)
  })

  it('refuses the weight-priced option above 300 kg and for an unknown weight', async () => {
    const answer = {
      message: 'Odabrani način dostave nije dostupan za ovu narudžbu.',
      error: 'Bad Request',
      code: 'SHIPPING_OPTION_UNAVAILABLE',
    }
    expectErrorAnswer(await order(301, { id: 'parcel' }), 400, answer)
    const mixed = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        email: 'teret@example.ba',
        products: [
          { product_id: brick.id, quantity: 1 },
          { product_id: unweighed.id, quantity: 1 },
        ],
        shippingAddress: DELIVERY_ADDRESS,
        shippingMethod: { id: 'parcel' },
      },
    })
    expectErrorAnswer(mixed, 400, answer)
  })

  it('stores no weight for an order with a product without one', async () => {
    const order = await placeOrder<{ weightKg: number | null }>(test, [{ product: unweighed, quantity: 1 }], {
      email: 'teret@example.ba',
    })
    expect(order.weightKg).toBeNull()
  })
})

describe('staff edit the parcel price table and the weight flag', () => {
  const save = async (body: Record<string, unknown>) =>
    test.app.inject({
      method: 'PATCH',
      url: '/api/settings/shipping',
      headers: staff,
      payload: { version: await versionOf(test.db, 'settings', 'shipping'), ...WEIGHT_SETTINGS, ...body },
    })

  it('answers the specification table before staff save one', async () => {
    const body = json<{ parcelPriceBands: { upToKg: number; price: number }[] }>(
      await test.app.inject({ url: '/api/settings/shipping' }),
    )
    expect(body.parcelPriceBands).toHaveLength(13)
    expect(body.parcelPriceBands.at(-1)).toEqual({ upToKg: 300, price: 98.5 })
  })

  it.each([
    [[], 'Tablica cijena dostave mora imati barem jedan razred'],
    [[{ upToKg: 0, price: 5 }], 'Težina razreda mora biti broj veći od 0 (u kg, najviše tri decimale)'],
    [[{ upToKg: 1.2345, price: 5 }], 'Težina razreda mora biti broj veći od 0 (u kg, najviše tri decimale)'],
    [[{ upToKg: 5, price: -1 }], 'Cijena razreda mora biti broj 0 ili veći'],
    [
      [
        { upToKg: 10, price: 5 },
        { upToKg: 10, price: 7 },
      ],
      'Razredi težine moraju rasti: svaki razred mora biti teži od prethodnog',
    ],
  ])('refuses the table %j with a Bosnian message', async (bands, message) => {
    expectValidationFailed(await save({ parcelPriceBands: bands }), message)
  })

  it('saves the table audited, and the quote and the order charge by it', async () => {
    const bands = [
      { upToKg: '5', price: '6,50' },
      { upToKg: 50, price: 20 },
    ]
    const response = await save({ parcelPriceBands: bands })
    expect(response.statusCode).toBe(200)
    expect(json<{ parcelPriceBands: unknown }>(response).parcelPriceBands).toEqual([
      { upToKg: 5, price: 6.5 },
      { upToKg: 50, price: 20 },
    ])
    expect((await auditRows(test.db, 'settings', 'shipping')).at(-1)).toMatchObject({ action: 'update' })
    expect(json<Quote>(await quote([{ productId: brick.id, quantity: 5 }], 'parcel')).shippingCost).toBe(6.5)
    const heavy = json<Quote>(await quote([{ productId: brick.id, quantity: 51 }], 'parcel'))
    expect(heavy.shippingOptions.map((option) => option.id)).toEqual(['pickup'])
    expect(heavy.parcelNotice).toContain('više od 50 kg')
    // A save without the table keeps it.
    const kept = await test.app.inject({
      method: 'PATCH',
      url: '/api/settings/shipping',
      headers: staff,
      payload: { ...WEIGHT_SETTINGS, version: await versionOf(test.db, 'settings', 'shipping') },
    })
    expect(json<{ parcelPriceBands: unknown[] }>(kept).parcelPriceBands).toHaveLength(2)
    await setShippingSettings(test.db, WEIGHT_SETTINGS)
  })

  it('keeps the table for staff only', async () => {
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/settings/shipping',
      headers: customer,
      payload: {
        version: await versionOf(test.db, 'settings', 'shipping'),
        ...WEIGHT_SETTINGS,
        parcelPriceBands: [{ upToKg: 1, price: 0 }],
      },
    })
    expect(response.statusCode).toBe(403)
  })
})
