import type { Role } from '@shop/shared/rules/roles.ts'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, json, signedInUser } from '../../../test/helpers.ts'
import {
  DELIVERY_ADDRESS,
  createProduct,
  optionStock,
  productStock,
  setShippingSettings,
  type CreatedProduct,
  useOrderTestApp,
} from './test-fixtures.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })

type Order = {
  orderPageToken?: string
  id: string
  _id: string
  userId?: string | null
  email: string
  status: string
  total: number
  totalAmount: number
  subtotal: number
  shippingCost: number
  created_at: string
  createdAt: string
  products: {
    product_id: string
    customId: string
    name: string
    quantity: number
    price: number
    custom_size: string | null
  }[]
  items: unknown[]
  shippingAddress: Record<string, string>
  shippingMethod: { id: string | null; name: string; basePrice: number; description: string } | null
}

const customer = (roles: Role[] = ['user'], email?: string) => signedInUser(test, { roles, email })

function order(payload: unknown, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object, headers })
}

function guestBody(product: CreatedProduct, overrides: Record<string, unknown> = {}) {
  return {
    email: 'kupac@example.ba',
    products: [{ product_id: product.id, quantity: 1, price: 0.01, name: product.name }],
    shippingAddress: DELIVERY_ADDRESS,
    shippingMethod: { id: 'courier', name: 'Brza pošta', basePrice: 0 },
    ...overrides,
  }
}

async function count(table: string): Promise<number> {
  const { rows } = await test.db.query<{ count: number }>(`select count(*)::int as count from ${table}`)
  return rows[0]!.count
}

describe('POST /api/orders as a guest', () => {
  it('creates a pending order priced by the server, takes the stock and mails both sides', async () => {
    const product = await createProduct(test.db, {
      name: 'Čekić 500 g',
      price: 25,
      discountPrice: 20,
      stock: 5,
      image: '/uploads/cekic.webp',
    })
    const outboxBefore = await count('outbox')
    const response = await order(
      guestBody(product, {
        products: [{ product_id: product.customId, quantity: 2, price: 0.01, name: 'Jeftino' }],
        userId: 'someone-else',
        status: 'completed',
        total: 1,
        totalAmount: 1,
        shippingCost: 0,
      }),
    )
    expect(response.statusCode).toBe(201)
    const body = json<Order>(response)
    expect(body).toMatchObject({
      _id: body.id,
      userId: null,
      email: 'kupac@example.ba',
      status: 'pending',
      subtotal: 40,
      shippingCost: 12,
      total: 52,
      totalAmount: 52,
      shippingAddress: { ...DELIVERY_ADDRESS, country: 'Bosna i Hercegovina', email: 'kupac@example.ba' },
      shippingMethod: { id: 'courier', name: 'Brza pošta', basePrice: 12, description: 'Dostava 2-7 radnih dana' },
    })
    expect(body.createdAt).toBe(body.created_at)
    expect(body.products).toEqual([
      {
        product_id: product.id,
        customId: product.customId,
        name: 'Čekić 500 g',
        quantity: 2,
        price: 20,
        custom_size: null,
        unit: 'kom',
        weightKg: null,
      },
    ])
    expect(body.items).toEqual(body.products)
    expect(await productStock(test.db, product.id)).toBe(3)

    const stored = await test.db.query('select user_id, status, total, shipping_cost from orders where id = $1', [
      body.id,
    ])
    expect(stored.rows[0]).toEqual({ user_id: null, status: 'pending', total: 52, shipping_cost: 12 })

    expect(await count('outbox')).toBe(outboxBefore + 2)
    const mails = await test.db.query<{
      kind: string
      to_address: string
      reply_to: string
      subject: string
      text_body: string
      html_body: string
    }>('select kind, to_address, reply_to, subject, text_body, html_body from outbox order by id desc limit 2')
    const placed = mails.rows.find((mail) => mail.kind === 'order_placed')!
    const shop = mails.rows.find((mail) => mail.kind === 'order_new')!
    const link = `http://shop.test/narudzba/${body.orderPageToken}`
    expect(placed).toMatchObject({ to_address: 'kupac@example.ba', reply_to: 'shop@example.ba' })
    expect(placed.subject).toContain(body.id.slice(0, 8))
    expect(placed.text_body).toContain(link)
    expect(placed.text_body).toContain('Čekić 500 g')
    expect(placed.text_body).toContain('52,00 KM')
    expect(placed.text_body).toContain('Kralja Tvrtka 1')
    expect(placed.html_body).toContain(`href="${link}"`)
    expect(placed.html_body).toContain('Čekić 500 g')
    expect(shop).toMatchObject({ to_address: 'shop@example.ba', reply_to: 'kupac@example.ba' })
    expect(shop.text_body).toContain('Gost (bez računa)')
    expect(shop.text_body).toContain('+387 61 123 456')
  })

  it('escapes customer text in the HTML mail', async () => {
    const product = await createProduct(test.db)
    const response = await order(
      guestBody(product, { shippingAddress: { ...DELIVERY_ADDRESS, full_name: '<b>Ana</b>' } }),
    )
    expect(response.statusCode).toBe(201)
    const { rows } = await test.db.query<{ html_body: string }>(
      `select html_body from outbox where kind = 'order_placed' order by id desc limit 1`,
    )
    expect(rows[0]!.html_body).toContain('&lt;b&gt;Ana&lt;/b&gt;')
    expect(rows[0]!.html_body).not.toContain('<b>Ana</b>')
  })

  it('takes the e-mail from the address when the body has none, lower-cased', async () => {
    const product = await createProduct(test.db)
    const response = await order(
      guestBody(product, { email: undefined, shippingAddress: { ...DELIVERY_ADDRESS, email: ' Gost@Example.BA ' } }),
    )
    expect(response.statusCode).toBe(201)
    expect(json<Order>(response).email).toBe('gost@example.ba')
  })

  it.each([
    [{ email: undefined }, 'Email je obavezan'],
    [{ email: '' }, 'Email je obavezan'],
    [{ email: 'kupac.example.ba' }, 'Unesite ispravnu email adresu'],
  ])('refuses a guest order with %j', async (change, message) => {
    const product = await createProduct(test.db)
    const before = await count('orders')
    const response = await order(guestBody(product, change))
    expectValidationFailed(response, message)
    expect(await count('orders')).toBe(before)
  })
})

describe('POST /api/orders validation', () => {
  let product: CreatedProduct
  beforeAll(async () => {
    product = await createProduct(test.db, { stock: 100 })
  })

  it.each([
    [{ products: [] }, 'Košarica je prazna'],
    [{ products: undefined }, 'Košarica je prazna'],
    [{ products: [{ product_id: 'x', quantity: 0 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ products: [{ product_id: 'x', quantity: -1 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ products: [{ product_id: 'x', quantity: 2.5 }] }, 'Količina mora biti cijeli broj, najmanje 1.'],
    [{ products: [{ product_id: '', quantity: 1 }] }, 'Nedostaje šifra proizvoda.'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, full_name: '' } }, 'Ime i prezime je obavezno'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, phone_number: ' ' } }, 'Broj telefona je obavezan'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, street_address: '' } }, 'Adresa je obavezna'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, city: '' } }, 'Grad je obavezan'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, state: '' } }, 'Kanton/Entitet je obavezan'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, state: 'Dalmacija' } }, 'Kanton/Entitet je obavezan'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, zip_code: '' } }, 'Poštanski broj je obavezan'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, zip_code: '880' } }, 'Unesite ispravan poštanski broj (format: 71000)'],
    [{ shippingAddress: undefined }, 'Ime i prezime je obavezno'],
    [{ products: 'sve' }, 'Košarica je prazna'],
    [{ products: ['x'] }, 'Nedostaje šifra proizvoda.'],
    [{ shippingAddress: 'Mostar' }, 'Neispravni podaci.'],
    [{ shippingMethod: 'courier' }, 'Neispravni podaci.'],
    // PostgreSQL keeps no NUL character: refused before any route runs (one guard for every route).
    [{ products: [{ product_id: 'a\u0000b', quantity: 1 }] }, 'Unos sadrži nedozvoljene znakove.'],
    [{ products: [{ product_id: 'x', quantity: 1, custom_size: 'L\u0000' }] }, 'Unos sadrži nedozvoljene znakove.'],
    [{ shippingAddress: { ...DELIVERY_ADDRESS, city: 'Mo\u0000star' } }, 'Unos sadrži nedozvoljene znakove.'],
    [{ email: 'a\u0000@example.ba' }, 'Unos sadrži nedozvoljene znakove.'],
    [{ idempotencyKey: 'k\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
    [{ shippingMethod: { id: 'courier\u0000' } }, 'Unos sadrži nedozvoljene znakove.'],
  ])('%j -> 400 %s', async (change, message) => {
    const response = await order(guestBody(product, change))
    expectValidationFailed(response, message)
  })

  it('accepts a ZIP+4 style postal code and a numeric one', async () => {
    const response = await order(
      guestBody(product, { shippingAddress: { ...DELIVERY_ADDRESS, zip_code: '88000-1234' } }),
    )
    expect(response.statusCode).toBe(201)
    const numeric = await order(guestBody(product, { shippingAddress: { ...DELIVERY_ADDRESS, zip_code: 88000 } }))
    expect(numeric.statusCode).toBe(201)
  })

  it('refuses an unknown product with 400 and writes nothing', async () => {
    const before = await count('orders')
    const response = await order(
      guestBody(product, {
        products: [
          { product_id: product.id, quantity: 1 },
          { product_id: 'nema-ga', quantity: 1, name: 'Stara bušilica' },
        ],
      }),
    )
    expectErrorAnswer(response, 400, {
      message: 'Proizvod "Stara bušilica" više nije dostupan. Uklonite ga iz košarice.',
      error: 'Bad Request',
      code: 'PRODUCT_NOT_FOUND',
    })
    expect(await count('orders')).toBe(before)
  })

  it('refuses an unknown uuid too', async () => {
    const response = await order(
      guestBody(product, { products: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }),
    )
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'PRODUCT_NOT_FOUND' })
  })

  it('needs a size for a sized product and an existing one', async () => {
    const sized = await createProduct(test.db, { name: 'Majica', options: [{ size: 'M', stock: 3 }] })
    const missing = await order(guestBody(sized, { products: [{ product_id: sized.id, quantity: 1 }] }))
    expectErrorAnswer(missing, 400, {
      message: 'Odaberite veličinu za proizvod "Majica".',
      error: 'Bad Request',
      code: 'SIZE_REQUIRED',
    })
    const gone = await order(
      guestBody(sized, { products: [{ product_id: sized.id, quantity: 1, custom_size: 'XXL' }] }),
    )
    expectErrorAnswer(gone, 400, {
      message: 'Veličina "XXL" proizvoda "Majica" više nije dostupna.',
      error: 'Bad Request',
      code: 'SIZE_NOT_FOUND',
    })
  })

  it.each([[{ id: 'express' }], [{ id: 'nope' }], [{ name: 'Ekspres' }]])(
    'refuses the unavailable shipping option %j',
    async (shippingMethod) => {
      const response = await order(guestBody(product, { shippingMethod }))
      expectErrorAnswer(response, 400, {
        message: 'Odabrani način dostave nije dostupan za ovu narudžbu.',
        error: 'Bad Request',
        code: 'SHIPPING_OPTION_UNAVAILABLE',
      })
    },
  )

  it('refuses a region-limited option for another canton', async () => {
    const response = await order(
      guestBody(product, {
        shippingMethod: { id: 'local' },
        shippingAddress: { ...DELIVERY_ADDRESS, state: 'Kanton Sarajevo' },
      }),
    )
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'SHIPPING_OPTION_UNAVAILABLE' })
  })

  it('answers 400 for a body that is not JSON and for an over-long idempotency key', async () => {
    const broken = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"products":',
    })
    expect(broken.statusCode).toBe(400)
    const longKey = await order(guestBody(product), { 'idempotency-key': 'k'.repeat(201) })
    expectErrorAnswer(longKey, 400, {
      message: 'Neispravan ključ narudžbe.',
      error: 'Bad Request',
      code: 'IDEMPOTENCY_KEY_INVALID',
    })
  })
})

describe('shipping on orders', () => {
  it.each([
    ['the first active option by default', undefined, 2, 12, 'courier'],
    ['pickup costs 0 and needs only name and phone', { id: 'pickup' }, 1, 0, 'pickup'],
    ['an option chosen by name', { name: 'Lokalna dostava' }, 1, 5, 'local'],
    ['free at the threshold', { id: 'courier' }, 3, 0, 'courier'],
  ])('%s', async (_name, shippingMethod, quantity, cost, optionId) => {
    const product = await createProduct(test.db, { price: 100, stock: 10 })
    const pickupOnly =
      optionId === 'pickup' ? { shippingAddress: { full_name: 'Ana', phone_number: '061 111 222' } } : {}
    const response = await order(
      guestBody(product, { shippingMethod, products: [{ product_id: product.id, quantity }], ...pickupOnly }),
    )
    expect(response.statusCode).toBe(201)
    const body = json<Order>(response)
    expect(body.shippingCost).toBe(cost)
    expect(body.total).toBe(100 * quantity + cost)
    expect(body.shippingMethod?.id).toBe(optionId)
  })

  it('uses basePrice + 2 per item when no option is active', async () => {
    const local = await buildTestApp()
    try {
      await setShippingSettings(local.db, {
        options: [{ id: 'x', name: 'X', basePrice: 9, isActive: false }],
        freeShippingThreshold: 300,
      })
      const product = await createProduct(local.db, { price: 10 })
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: guestBody(product, { shippingMethod: undefined, products: [{ product_id: product.id, quantity: 3 }] }),
      })
      expect(response.statusCode).toBe(201)
      expect(json(response)).toMatchObject({ shippingCost: 16, total: 46, shippingMethod: null })
      await setShippingSettings(local.db, 'not settings')
      const broken = await local.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: guestBody(product, { products: [{ product_id: product.id, quantity: 1 }] }),
      })
      expect(broken.statusCode).toBe(201)
      expect(json(broken)).toMatchObject({ shippingCost: 12, total: 22 })
    } finally {
      await local.close()
    }
  })
})

describe('POST /api/orders as a customer', () => {
  it('orders under the own id and e-mail, ignoring userId and email in the body, and saves the address', async () => {
    const buyer = await customer()
    const product = await createProduct(test.db, { price: 30 })
    const response = await order(
      guestBody(product, { email: 'someone@else.ba', userId: '00000000-0000-4000-8000-000000000000' }),
      buyer.headers,
    )
    expect(response.statusCode).toBe(201)
    expect(json(response)).toMatchObject({
      userId: buyer.id,
      email: buyer.email,
      shippingAddress: { email: buyer.email },
    })
    const profile = await test.db.query(
      'select full_name, phone_number, street_address, city, state, zip_code from profiles where user_id = $1',
      [buyer.id],
    )
    expect(profile.rows[0]).toEqual({
      full_name: 'Test Korisnik',
      phone_number: '+387 61 123 456',
      street_address: 'Kralja Tvrtka 1',
      city: 'Mostar',
      state: 'Hercegovačko-neretvanski kanton',
      zip_code: '88000',
    })
    const mail = await test.db.query<{ text_body: string }>(
      `select text_body from outbox where kind = 'order_new' order by id desc limit 1`,
    )
    expect(mail.rows[0]!.text_body).toContain('Registrirani kupac')
  })

  it('keeps the profile when saveAddress is false, and keeps a 5-digit zip over a ZIP+4 one', async () => {
    const buyer = await customer()
    const product = await createProduct(test.db)
    await order(guestBody(product, { saveAddress: false }), buyer.headers)
    const untouched = await test.db.query('select street_address from profiles where user_id = $1', [buyer.id])
    expect(untouched.rows[0]).toEqual({ street_address: null })
    await order(guestBody(product), buyer.headers)
    await order(
      guestBody(product, { shippingAddress: { ...DELIVERY_ADDRESS, zip_code: '71000-1234', city: 'Sarajevo' } }),
      buyer.headers,
    )
    const saved = await test.db.query('select city, zip_code from profiles where user_id = $1', [buyer.id])
    expect(saved.rows[0]).toEqual({ city: 'Sarajevo', zip_code: '88000' })
  })

  it('charges wholesale prices to wholesale customers only', async () => {
    const product = await createProduct(test.db, { price: 100, discountPrice: 90, wholesalePrice: 70, stock: 50 })
    const sized = await createProduct(test.db, {
      price: 100,
      options: [{ size: 'XL', stock: 10, price: 120, discountPrice: 110, wholesalePrice: 80 }],
    })
    const lines = [
      { product_id: product.id, quantity: 1, price: 1 },
      { product_id: sized.id, quantity: 1, price: 1, custom_size: 'XL' },
    ]
    const expectations: [Role[] | null, number[]][] = [
      [null, [90, 110]],
      [['user'], [90, 110]],
      [
        ['user', 'wholesale'],
        [70, 80],
      ],
      [
        ['user', 'store_manager'],
        [90, 110],
      ],
      [
        ['user', 'admin'],
        [90, 110],
      ],
    ]
    for (const [roles, prices] of expectations) {
      const headers = roles ? (await customer(roles)).headers : {}
      const response = await order(guestBody(product, { products: lines }), headers)
      expect(response.statusCode).toBe(201)
      const body = json<Order>(response)
      expect(body.products.map((line) => line.price)).toEqual(prices)
      expect(body.subtotal).toBe(prices[0]! + prices[1]!)
    }
  })

  it('charges a wholesale customer a sale price below the wholesale price, per option too', async () => {
    const onSale = await createProduct(test.db, { price: 49.9, discountPrice: 37.43, wholesalePrice: 39.92, stock: 50 })
    const sized = await createProduct(test.db, {
      price: 100,
      stock: 0,
      options: [{ size: 'XL', stock: 10, price: 60, discountPrice: 45, wholesalePrice: 48 }],
    })
    const lines = [
      { product_id: onSale.id, quantity: 2, price: 39.92 },
      { product_id: sized.id, quantity: 1, price: 48, custom_size: 'XL' },
    ]
    const { headers } = await customer(['user', 'wholesale'])
    const response = await order(guestBody(onSale, { products: lines }), headers)
    expect(response.statusCode).toBe(201)
    const body = json<Order>(response)
    expect(body.products.map((line) => line.price)).toEqual([37.43, 45])
    expect(body.subtotal).toBe(119.86)
  })

  it('takes a size from its own stock and records its code', async () => {
    const sized = await createProduct(test.db, {
      name: 'Radne cipele',
      stock: 0,
      options: [
        { size: '42', stock: 4, customId: 'RC-42' },
        { size: '43', infinite: true },
      ],
    })
    const response = await order(
      guestBody(sized, {
        products: [
          { product_id: sized.id, quantity: 2, custom_size: '42' },
          { product_id: sized.customId, quantity: 1, custom_size: '42' },
          { product_id: sized.id, quantity: 7, custom_size: '43' },
        ],
      }),
    )
    expect(response.statusCode).toBe(201)
    expect(json<Order>(response).products).toEqual([
      {
        product_id: sized.id,
        customId: 'RC-42',
        name: 'Radne cipele',
        quantity: 3,
        price: 100,
        custom_size: '42',
        unit: 'kom',
        weightKg: null,
      },
      {
        product_id: sized.id,
        customId: sized.customId,
        name: 'Radne cipele',
        quantity: 7,
        price: 100,
        custom_size: '43',
        unit: 'kom',
        weightKg: null,
      },
    ])
    expect(await optionStock(test.db, sized.options[0]!.id)).toBe(1)
    expect(await optionStock(test.db, sized.options[1]!.id)).toBe(0)
    expect(await productStock(test.db, sized.id)).toBe(0)
  })
})

describe('not enough stock', () => {
  beforeEach(async () => {
    await test.db.query('delete from outbox')
  })

  it('answers 409 INSUFFICIENT_STOCK naming the product and size, and writes nothing', async () => {
    const plenty = await createProduct(test.db, { stock: 50 })
    const sized = await createProduct(test.db, { name: 'Majica', options: [{ size: 'L', stock: 2 }] })
    const before = { orders: await count('orders'), items: await count('order_items') }
    const response = await order(
      guestBody(plenty, {
        products: [
          { product_id: plenty.id, quantity: 5 },
          { product_id: sized.id, quantity: 3, custom_size: 'L' },
        ],
      }),
    )
    expectErrorAnswer(response, 409, {
      message: 'Not enough stock available for Majica (L)',
      error: 'Conflict',
      code: 'INSUFFICIENT_STOCK',
    })
    expect(await productStock(test.db, plenty.id)).toBe(50)
    expect(await optionStock(test.db, sized.options[0]!.id)).toBe(2)
    expect(await count('orders')).toBe(before.orders)
    expect(await count('order_items')).toBe(before.items)
    expect(await count('outbox')).toBe(0)
  })

  it('leaves out the brackets for a product without sizes', async () => {
    const product = await createProduct(test.db, { name: 'Lopata', stock: 1 })
    const response = await order(guestBody(product, { products: [{ product_id: product.id, quantity: 2 }] }))
    expectErrorAnswer(response, 409, {
      message: 'Not enough stock available for Lopata',
      error: 'Conflict',
      code: 'INSUFFICIENT_STOCK',
    })
  })

  it('counts two lines of the same product together', async () => {
    const product = await createProduct(test.db, { name: 'Grablje', stock: 3 })
    const response = await order(
      guestBody(product, {
        products: [
          { product_id: product.id, quantity: 2 },
          { product_id: product.customId, quantity: 2 },
        ],
      }),
    )
    expect(response.statusCode).toBe(409)
    expect(await productStock(test.db, product.id)).toBe(3)
  })

  it('never checks infinite stock', async () => {
    const product = await createProduct(test.db, { stock: 0, infinite: true })
    const response = await order(guestBody(product, { products: [{ product_id: product.id, quantity: 500 }] }))
    expect(response.statusCode).toBe(201)
    expect(await productStock(test.db, product.id)).toBe(0)
  })
})

describe('idempotency', () => {
  it('returns the first order for a second submit with the same Idempotency-Key', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const headers = { 'idempotency-key': 'checkout-123' }
    const first = await order(guestBody(product), headers)
    const second = await order(guestBody(product, { products: [{ product_id: product.id, quantity: 4 }] }), headers)
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(200)
    expect(json<Order>(second).id).toBe(json<Order>(first).id)
    expect(await productStock(test.db, product.id)).toBe(9)
  })

  it('makes one order from concurrent double submits, even when stock would not cover two', async () => {
    const product = await createProduct(test.db, { stock: 1 })
    const before = await count('orders')
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => order(guestBody(product, { idempotencyKey: 'race-key' }))),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201])
    expect(new Set(responses.map((response) => json<Order>(response).id)).size).toBe(1)
    expect(await count('orders')).toBe(before + 1)
    expect(await productStock(test.db, product.id)).toBe(0)
  })

  it('scopes keys to the buyer', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const one = await order(guestBody(product, { idempotencyKey: 'same' }))
    const other = await order(guestBody(product, { idempotencyKey: 'same', email: 'drugi@example.ba' }))
    const buyer = await customer()
    const signedIn = await order(guestBody(product, { idempotencyKey: 'same' }), buyer.headers)
    expect([one.statusCode, other.statusCode, signedIn.statusCode]).toEqual([201, 201, 201])
    expect(new Set([one, other, signedIn].map((response) => json<Order>(response).id)).size).toBe(3)
  })
})

describe('GET /api/orders/{id}', () => {
  it('answers the order without a token and without the account id', async () => {
    const buyer = await customer()
    const product = await createProduct(test.db)
    const placed = json<Order>(await order(guestBody(product), buyer.headers))
    const response = await test.app.inject({ method: 'GET', url: `/api/orders/${placed.id}` })
    expect(response.statusCode).toBe(200)
    const body = json<Order>(response)
    expect(body).not.toHaveProperty('userId')
    expect(body).toMatchObject({ id: placed.id, status: 'pending', total: placed.total, products: placed.products })
  })

  it.each(['00000000-0000-4000-8000-000000000000', 'abc', '1', "1' or '1'='1", 'x'.repeat(90)])(
    'answers 404 ORDER_NOT_FOUND for %s',
    async (id) => {
      const response = await test.app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(id)}` })
      expectErrorAnswer(response, 404, {
        message: 'Narudžba nije pronađena',
        error: 'Not Found',
        code: 'ORDER_NOT_FOUND',
      })
    },
  )
})

describe('GET /api/users/orders/{email}', () => {
  it('lists the own orders newest first; guest orders with the same e-mail stay out', async () => {
    const buyer = await customer(['user'], 'lista@example.ba')
    const product = await createProduct(test.db, { stock: 20 })
    const first = json<Order>(await order(guestBody(product), buyer.headers))
    const second = json<Order>(await order(guestBody(product), buyer.headers))
    await test.db.query(`update orders set created_at = now() - interval '1 day' where id = $1`, [first.id])
    await order(guestBody(product, { email: 'lista@example.ba' }))
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/users/orders/LISTA@example.ba',
      headers: buyer.headers,
    })
    expect(response.statusCode).toBe(200)
    const { data } = json<{ data: Order[] }>(response)
    expect(data.map((item) => item.id)).toEqual([second.id, first.id])
    expect(data[0]).toMatchObject({ userId: buyer.id, products: [{ product_id: product.id, quantity: 1 }] })
  })

  it('lets staff see an e-mail with its guest orders', async () => {
    const buyer = await customer(['user'], 'pregled@example.ba')
    const product = await createProduct(test.db, { stock: 20 })
    await order(guestBody(product), buyer.headers)
    await order(guestBody(product, { email: 'pregled@example.ba' }))
    for (const role of ['store_manager', 'admin'] as const) {
      const staff = await customer(['user', role])
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/users/orders/pregled@example.ba',
        headers: staff.headers,
      })
      expect(response.statusCode).toBe(200)
      expect(json<{ data: Order[] }>(response).data).toHaveLength(2)
    }
  })

  it('refuses another customer with 403 and anonymous callers with 401', async () => {
    const owner = await customer(['user'], 'tudje@example.ba')
    const product = await createProduct(test.db)
    await order(guestBody(product), owner.headers)
    for (const roles of [['user'], ['user', 'wholesale']] as Role[][]) {
      const other = await customer(roles)
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/users/orders/tudje@example.ba',
        headers: other.headers,
      })
      expectErrorAnswer(response, 403, {
        message: 'Možete vidjeti samo svoje narudžbe.',
        error: 'Forbidden',
        code: 'FORBIDDEN',
      })
    }
    const staff = await customer(['user', 'admin'])
    const nul = await test.app.inject({
      method: 'GET',
      url: '/api/users/orders/a%00b@example.ba',
      headers: staff.headers,
    })
    expectErrorAnswer(nul, 400, {
      message: 'Unos sadrži nedozvoljene znakove.',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/users/orders/tudje@example.ba' })
    expect(anonymous.statusCode).toBe(401)
    expect(json(anonymous)).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('PATCH /api/orders/{id}/cancel', () => {
  it('lets the owner cancel a pending order, gives the stock back and records it', async () => {
    const buyer = await customer()
    const product = await createProduct(test.db, { stock: 5 })
    const sized = await createProduct(test.db, {
      options: [
        { size: 'S', stock: 4 },
        { size: 'M', infinite: true },
      ],
    })
    const infinite = await createProduct(test.db, { stock: 0, infinite: true })
    const placed = json<Order>(
      await order(
        guestBody(product, {
          products: [
            { product_id: product.id, quantity: 2 },
            { product_id: sized.id, quantity: 3, custom_size: 'S' },
            { product_id: sized.id, quantity: 2, custom_size: 'M' },
            { product_id: infinite.id, quantity: 9 },
          ],
        }),
        buyer.headers,
      ),
    )
    expect(await productStock(test.db, product.id)).toBe(3)
    expect(await optionStock(test.db, sized.options[0]!.id)).toBe(1)

    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.id}/cancel`,
      headers: buyer.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({
      message: 'Narudžba je uspješno otkazana',
      order: { id: placed.id, status: 'cancelled' },
    })
    expect(await productStock(test.db, product.id)).toBe(5)
    expect(await optionStock(test.db, sized.options[0]!.id)).toBe(4)
    expect(await optionStock(test.db, sized.options[1]!.id)).toBe(0)
    expect(await productStock(test.db, infinite.id)).toBe(0)
    expect(await productStock(test.db, sized.id)).toBe(10)

    const audit = await test.db.query(
      'select actor_id, action, entity, entity_id, before, after from audit_log where entity_id = $1',
      [placed.id],
    )
    expect(audit.rows).toEqual([
      {
        actor_id: buyer.id,
        action: 'order.cancel',
        entity: 'order',
        entity_id: placed.id,
        before: { status: 'pending' },
        after: { status: 'cancelled' },
      },
    ])

    const again = await test.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.id}/cancel`,
      headers: buyer.headers,
    })
    expectErrorAnswer(again, 409, {
      message: 'Moguće je otkazati samo narudžbu koja je na čekanju.',
      error: 'Conflict',
      code: 'ORDER_NOT_CANCELLABLE',
    })
    expect(await productStock(test.db, product.id)).toBe(5)
  })

  it.each(['processing', 'shipped', 'completed', 'ready_for_pickup'])('refuses a %s order with 409', async (status) => {
    const buyer = await customer()
    const product = await createProduct(test.db, { stock: 5 })
    const placed = json<Order>(await order(guestBody(product), buyer.headers))
    await test.db.query('update orders set status = $2 where id = $1', [placed.id, status])
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.id}/cancel`,
      headers: buyer.headers,
    })
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' })
    expect(await productStock(test.db, product.id)).toBe(4)
  })

  it('lets nobody else cancel: other customers and staff 403, anonymous 401', async () => {
    const buyer = await customer()
    const product = await createProduct(test.db, { stock: 5 })
    const placed = json<Order>(await order(guestBody(product), buyer.headers))
    const guestOrder = json<Order>(await order(guestBody(product)))
    for (const roles of [['user'], ['user', 'admin']] as Role[][]) {
      const other = await customer(roles)
      for (const id of [placed.id, guestOrder.id]) {
        const response = await test.app.inject({
          method: 'PATCH',
          url: `/api/orders/${id}/cancel`,
          headers: other.headers,
        })
        expectErrorAnswer(response, 403, {
          message: 'Možete otkazati samo svoje narudžbe.',
          error: 'Forbidden',
          code: 'ORDER_NOT_OWNED',
        })
      }
    }
    const anonymous = await test.app.inject({ method: 'PATCH', url: `/api/orders/${placed.id}/cancel` })
    expect(anonymous.statusCode).toBe(401)
    expect(await productStock(test.db, product.id)).toBe(3)
  })

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers 404 for %s', async (id) => {
    const buyer = await customer()
    const response = await test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/cancel`, headers: buyer.headers })
    expect(response.statusCode).toBe(404)
    expect(json(response)).toEqual({ message: 'Narudžba nije pronađena', error: 'Not Found', code: 'ORDER_NOT_FOUND' })
  })
})
