import { beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { buildApp } from '../../app.ts'
import { startScheduler } from '../../platform/scheduler.ts'
import { json, signInAs, STAFF_ROUTE_ACCESS } from '../../../test/helpers.ts'
import { auditRows, catalogueVersion, multipart } from '../catalogue/test-fixtures.ts'
import { createProduct, type ProductFixture } from '../orders/test-fixtures.ts'
import { saleTimedJob } from './job.ts'
import { SYSTEM_ACTOR } from '../../platform/actor.ts'
import { syncSale } from './service.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { versionOf } from '../../../test/support/record-version.ts'

const text = messages.adminSales
const HOUR = 3_600_000

const test = useTestApp()
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')

type Call = { method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }
const call = ({ method, url, payload }: Call, headers: Record<string, string> = manager) =>
  test.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const iso = (time: number) => new Date(time).toISOString()
/** PUT /api/sales/config of a switched-off sale without dates, at the stored version; `config` changes fields. */
const configCall = async (config: Record<string, unknown>): Promise<Call> => ({
  method: 'PUT',
  url: '/api/sales/config',
  payload: {
    version: await versionOf(test.db, 'sale_config', 1),
    isActive: false,
    startDate: null,
    endDate: null,
    title: 'Akcija',
    description: '',
    ...config,
  },
})
const saveConfig = async (config: Record<string, unknown>, headers = manager) => call(await configCall(config), headers)
/** A sale whose window is [now + startIn, now + endIn] on the test's clock. */
const saveWindow = (startIn: number, endIn: number, isActive = true) =>
  saveConfig({ isActive, startDate: iso(test.clock.now + startIn), endDate: iso(test.clock.now + endIn) })
const addProduct = (payload: Record<string, unknown>, headers = manager) =>
  call({ method: 'POST', url: '/api/sales/products', payload }, headers)

/**
 * What the buyer is charged now (docs/decisions.md, 'Sales computed when read'): the discount prices through the
 * functions the order and the cart read them with; an option's price is its own (null: the product's).
 */
async function prices(productId: string) {
  const product = await test.db.query<{ price: string; discount_price: string | null }>(
    'select p.price, product_charged_discount(p) as discount_price from products p where p.id = $1',
    [productId],
  )
  const options = await test.db.query<{ size: string; price: string | null; discount_price: string | null }>(
    `select o.size, o.price, option_charged_discount(p, o) as discount_price
       from product_options o join products p on p.id = o.product_id
      where o.product_id = $1 order by o.position`,
    [productId],
  )
  const money = (value: string | null) => (value === null ? null : Number(value))
  return {
    price: money(product.rows[0]!.price),
    discount: money(product.rows[0]!.discount_price),
    options: Object.fromEntries(options.rows.map((row) => [row.size, [money(row.price), money(row.discount_price)]])),
  }
}

/** Empties the sale between tests: prices given back, no products, switched off. */
beforeEach(async () => {
  await call({ method: 'POST', url: '/api/sales/restore-prices' })
  await test.db.query('delete from sale_products')
  await test.db.query('update sale_config set is_active = false, handled_start_date = null')
})

describe('route access', () => {
  const routes: Array<[string, () => Promise<Call>]> = [
    ['PUT /api/sales/config', () => configCall({ title: '' })],
    ['POST /api/sales/check-status', async () => ({ method: 'POST', url: '/api/sales/check-status' })],
    [
      'POST /api/sales/products',
      async () => ({
        method: 'POST',
        url: '/api/sales/products',
        payload: { productId: (await createProduct(test.db)).id, discountPercentage: 10 },
      }),
    ],
    [
      'DELETE /api/sales/products/{id}',
      async () => {
        const product = await createProduct(test.db)
        await test.db.query(
          `insert into sale_products (product_id, original_price, discount_percentage, discounted_price)
           values ($1, 100, 10, 90)`,
          [product.id],
        )
        return { method: 'DELETE', url: `/api/sales/products/${product.id}` }
      },
    ],
    ['POST /api/sales/restore-prices', async () => ({ method: 'POST', url: '/api/sales/restore-prices' })],
  ]

  describe.each(routes)('%s', (_name, route) => {
    it.each(STAFF_ROUTE_ACCESS)('answers %s with %i', async (role, status) => {
      const response = await call(await route(), await signInAs(test, role))
      expect(response.statusCode === 201 ? 200 : response.statusCode).toBe(status)
    })
  })

  it.each(STAFF_ROUTE_ACCESS)(
    'POST /api/sales/apply-discounts answers %s with %i during a sale',
    async (role, status) => {
      await saveWindow(-HOUR, HOUR)
      const response = await call({ method: 'POST', url: '/api/sales/apply-discounts' }, await signInAs(test, role))
      expect(response.statusCode).toBe(status)
    },
  )

  it('changes nothing for a refused caller', async () => {
    const product = await createProduct(test.db, { price: 100 })
    await saveWindow(-HOUR, HOUR)
    await addProduct({ productId: product.id, discountPercentage: 20 })
    for (const role of ['anonymous', 'user', 'wholesale'] as const) {
      await call({ method: 'POST', url: '/api/sales/apply-discounts' }, await signInAs(test, role))
    }
    expect((await prices(product.id)).discount).toBeNull()
  })
})

describe('PUT /api/sales/config', () => {
  it('saves, answers the specification text, audits and bumps the catalogue version', async () => {
    const version = await catalogueVersion(test.db)
    const response = await saveConfig({
      isActive: true,
      startDate: '2030-05-01T08:00:00.000Z',
      endDate: '2030-05-10',
      title: ' Proljetna akcija ',
      description: 'Do 30 %',
      discountedProducts: [{ id: 'ignored' }],
    })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({
      message: 'Konfiguracija akcije je uspješno spremljena!',
      isActive: true,
      startDate: '2030-05-01T08:00:00.000Z',
      // An end date without a time is the end of that day in Sarajevo (UTC+2 in May).
      endDate: '2030-05-10T21:59:59.999Z',
      title: 'Proljetna akcija',
      description: 'Do 30 %',
      version: expect.any(Number),
    })
    expect(json(await test.app.inject({ method: 'GET', url: '/api/sales/config' }))).toMatchObject({
      isActive: true,
      title: 'Proljetna akcija',
      endDate: '2030-05-10T21:59:59.999Z',
    })
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    const audit = (await auditRows(test.db, 'sale')).at(-1)
    expect(audit).toMatchObject({ action: 'sale.config_updated', after: { title: 'Proljetna akcija' } })
    expect(audit?.actor_email).toBeTruthy()
  })

  it.each([
    [{ isActive: true, startDate: null, endDate: '2030-05-10' }, text.datesRequired],
    [{ isActive: true, startDate: '2030-05-10', endDate: '2030-05-01' }, text.endBeforeStart],
    [{ isActive: false, startDate: 'sutra', endDate: null }, text.dateInvalid],
    [{ isActive: false, title: 'x'.repeat(201) }, text.titleTooLong],
  ])('refuses %o with 400 and its message', async (config, message) => {
    const response = await saveConfig(config)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })

  it.each([
    ['{}', {}],
    ['no isActive', { startDate: null, endDate: null, title: 'A', description: '' }],
    ['no dates', { isActive: true, title: 'A', description: '' }],
    ['no title', { isActive: true, startDate: '2030-05-01', endDate: '2030-05-10', description: '' }],
  ])('a save names every field it changes: %s is refused and a running sale stays on', async (_case, payload) => {
    expect((await saveWindow(-HOUR, HOUR)).statusCode).toBe(200)
    const response = await call({ method: 'PUT', url: '/api/sales/config', payload })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: text.configFieldsRequired })
    expect(json(await test.app.inject({ method: 'GET', url: '/api/sales/config' }))).toMatchObject({ isActive: true })
  })
})

describe('GET /api/sales/products: what the buyer pays', () => {
  type Listed = { id: string; originalPrice: number; discountPercentage: number; discountedPrice: number }
  const listed = async (id: string) =>
    json<Listed[]>(await test.app.inject({ method: 'GET', url: '/api/sales/products' })).find((row) => row.id === id)

  it('lists a product with its own lower discount at that price, before and while the sale runs', async () => {
    const product = await createProduct(test.db, { price: 100, discountPrice: 70 })
    expect((await addProduct({ productId: product.id, discountPercentage: 20 })).statusCode).toBe(201)
    expect(await listed(product.id)).toMatchObject({ originalPrice: 100, discountedPrice: 70, discountPercentage: 30 })
    await saveWindow(-HOUR, HOUR)
    await call({ method: 'POST', url: '/api/sales/apply-discounts' })
    expect(await listed(product.id)).toMatchObject({ originalPrice: 100, discountedPrice: 70, discountPercentage: 30 })
  })

  it('follows a price edit: the new price, and the sale price the shop charges', async () => {
    const product = await createProduct(test.db, { price: 100 })
    expect((await addProduct({ productId: product.id, discountPercentage: 20 })).statusCode).toBe(201)
    await test.db.query('update products set price = 120 where id = $1', [product.id])
    // Before the sale: 20 % off the new price.
    expect(await listed(product.id)).toMatchObject({ originalPrice: 120, discountedPrice: 96, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    await call({ method: 'POST', url: '/api/sales/apply-discounts' })
    await test.db.query('update products set price = 150 where id = $1', [product.id])
    // While it runs the shop charges the sale's 20 % off the new 150 (computed when read).
    expect((await prices(product.id)).discount).toBe(120)
    expect(await listed(product.id)).toMatchObject({ originalPrice: 150, discountedPrice: 120, discountPercentage: 20 })
  })
})

describe('POST /api/sales/products', () => {
  it('adds a product at a percentage of its own price, never the client’s originalPrice', async () => {
    const product = await createProduct(test.db, { price: 59.9, image: '/uploads/a.webp' })
    const response = await addProduct({
      productId: product.id,
      discountPercentage: 25,
      originalPrice: 1,
      discountedPrice: null,
    })
    expect(response.statusCode).toBe(201)
    expect(json(response)).toMatchObject({
      message: text.productAdded,
      product: { id: product.id, originalPrice: 59.9, discountPercentage: 25, discountedPrice: 44.93 },
    })
    const listed = json<Array<Record<string, unknown>>>(
      await test.app.inject({ method: 'GET', url: '/api/sales/products' }),
    )
    expect(listed).toEqual([
      expect.objectContaining({ id: product.id, discountPercentage: 25, discountedPrice: 44.93 }),
    ])
    expect((await auditRows(test.db, 'sale')).at(-1)).toMatchObject({ action: 'sale.product_added' })
  })

  it('derives the percentage from a custom new price rounded to 2 decimals', async () => {
    const product = await createProduct(test.db, { price: 100 })
    const response = await addProduct({ productId: product.id, originalPrice: 100, discountedPrice: 79.994 })
    expect(json(response)).toMatchObject({ product: { discountPercentage: 20, discountedPrice: 79.99 } })
  })

  it.each([
    [{}, 400, 'VALIDATION_FAILED', text.productAndDiscountRequired],
    [{ productId: '', discountPercentage: 10 }, 400, 'VALIDATION_FAILED', text.productAndDiscountRequired],
    [{ productId: 'PRODUCT' }, 400, 'VALIDATION_FAILED', text.productAndDiscountRequired],
    [{ productId: 'PRODUCT', discountPercentage: 0 }, 400, 'DISCOUNT_OUT_OF_RANGE', text.percentRange],
    [{ productId: 'PRODUCT', discountPercentage: 101 }, 400, 'DISCOUNT_OUT_OF_RANGE', text.percentRange],
    // docs/decisions.md, 'Money rules': 100 % off sold a product at 0,01 KM.
    [{ productId: 'PRODUCT', discountPercentage: 100 }, 400, 'DISCOUNT_OUT_OF_RANGE', text.percentRange],
    [{ productId: 'PRODUCT', discountedPrice: 0.01 }, 400, 'DISCOUNT_OUT_OF_RANGE', text.percentRange],
    [{ productId: 'PRODUCT', discountedPrice: 0 }, 400, 'PRICE_NOT_BELOW_ORIGINAL', text.priceNotBelow],
    [{ productId: 'PRODUCT', discountedPrice: 100 }, 400, 'PRICE_NOT_BELOW_ORIGINAL', text.priceNotBelow],
    [
      { productId: 'PRODUCT', discountedPrice: 150, originalPrice: 200 },
      400,
      'PRICE_NOT_BELOW_ORIGINAL',
      text.priceNotBelow,
    ],
    [
      { productId: '00000000-0000-4000-8000-000000000000', discountPercentage: 10 },
      404,
      'PRODUCT_NOT_FOUND',
      text.productNotFound,
    ],
    [{ productId: 'not-a-uuid', discountPercentage: 10 }, 404, 'PRODUCT_NOT_FOUND', text.productNotFound],
  ])('refuses %o with %i %s', async (payload, status, code, message) => {
    const product = await createProduct(test.db, { price: 100 })
    const body = JSON.parse(JSON.stringify(payload).replace('PRODUCT', product.id)) as Record<string, unknown>
    const response = await addProduct(body)
    expect(response.statusCode).toBe(status)
    expect(json(response)).toMatchObject({ code, message })
    expect(json(await test.app.inject({ method: 'GET', url: '/api/sales/products' }))).toEqual([])
  })

  it('refuses a product already on sale with 409', async () => {
    const product = await createProduct(test.db, { price: 100 })
    await addProduct({ productId: product.id, discountPercentage: 10 })
    const response = await addProduct({ productId: product.id, discountPercentage: 30 })
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({ code: 'ALREADY_ON_SALE', message: text.productAlreadyOnSale })
  })
})

describe('DELETE /api/sales/products/{id}', () => {
  it('removes by the entry id or the product id, with the specification text', async () => {
    const first = await createProduct(test.db)
    const second = await createProduct(test.db)
    const added = json<{ product: { saleProductId: string } }>(
      await addProduct({ productId: first.id, discountPercentage: 10 }),
    )
    await addProduct({ productId: second.id, discountPercentage: 10 })
    for (const id of [added.product.saleProductId, second.id]) {
      const response = await call({ method: 'DELETE', url: `/api/sales/products/${id}` })
      expect(response.statusCode).toBe(200)
      expect(json(response)).toMatchObject({ message: 'Proizvod je uspješno uklonjen iz akcije!' })
    }
    expect(json(await test.app.inject({ method: 'GET', url: '/api/sales/products' }))).toEqual([])
    expect((await auditRows(test.db, 'sale')).at(-1)).toMatchObject({ action: 'sale.product_removed' })
  })

  it.each(['00000000-0000-4000-8000-000000000000', 'nope'])('answers 404 for %s', async (id) => {
    const response = await call({ method: 'DELETE', url: `/api/sales/products/${id}` })
    expect(response.statusCode).toBe(404)
    expect(json(response)).toMatchObject({ code: 'SALE_PRODUCT_NOT_FOUND', message: text.saleProductNotFound })
  })
})

describe('apply-discounts and restore-prices', () => {
  it('refuses to apply unless the sale is active', async () => {
    for (const window of [
      () => saveWindow(HOUR, 2 * HOUR),
      () => saveWindow(-2 * HOUR, -HOUR),
      () => saveWindow(-HOUR, HOUR, false),
    ]) {
      await window()
      const response = await call({ method: 'POST', url: '/api/sales/apply-discounts' })
      expect(response.statusCode).toBe(409)
      expect(json(response)).toMatchObject({ code: 'SALE_NOT_ACTIVE', message: text.saleNotActive })
    }
  })

  it('applies and restores with the specification texts, audited, bumping the cache', async () => {
    const product = await createProduct(test.db, { price: 100 })
    await addProduct({ productId: product.id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    const before = await catalogueVersion(test.db)
    const applied = await call({ method: 'POST', url: '/api/sales/apply-discounts' })
    expect(json(applied)).toEqual({
      message: 'Popusti su uspješno primijenjeni!',
      products: 1,
      heldAtFloor: [],
      isApplied: true,
    })
    expect((await prices(product.id)).discount).toBe(80)
    expect(await catalogueVersion(test.db)).toBeGreaterThan(before)
    const shown = json(await test.app.inject({ method: 'GET', url: `/api/products/${product.id}` }))
    expect(shown).toMatchObject({ price: 100, discount_price: 80 })

    const restored = await call({ method: 'POST', url: '/api/sales/restore-prices' })
    expect(json(restored)).toEqual({ message: 'Originalne cijene su uspješno vraćene!', products: 1, isApplied: false })
    expect((await prices(product.id)).discount).toBeNull()
    expect(json(await test.app.inject({ method: 'GET', url: `/api/products/${product.id}` }))).toMatchObject({
      discount_price: null,
    })
    expect((await auditRows(test.db, 'sale')).slice(-2).map((row) => row.action)).toEqual([
      'sale.applied',
      'sale.restored',
    ])
  })

  it('does not re-apply a sale restored by hand during its window', async () => {
    const product = await createProduct(test.db, { price: 100 })
    await addProduct({ productId: product.id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    expect(json(await call({ method: 'POST', url: '/api/sales/check-status' }))).toMatchObject({
      status: 'active',
      changed: 'applied',
    })
    await call({ method: 'POST', url: '/api/sales/restore-prices' })
    expect(json(await call({ method: 'POST', url: '/api/sales/check-status' }))).toMatchObject({
      status: 'active',
      isApplied: false,
      changed: null,
    })
    expect((await prices(product.id)).discount).toBeNull()
  })

  it('applies a product added while the sale is applied at once, and restores one removed', async () => {
    const first = await createProduct(test.db, { price: 100 })
    const late = await createProduct(test.db, { price: 50, discountPrice: 45 })
    await addProduct({ productId: first.id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    await call({ method: 'POST', url: '/api/sales/apply-discounts' })
    await addProduct({ productId: late.id, discountPercentage: 20 })
    expect((await prices(late.id)).discount).toBe(40)
    await call({ method: 'DELETE', url: `/api/sales/products/${late.id}` })
    expect((await prices(late.id)).discount).toBe(45)
    expect((await prices(first.id)).discount).toBe(80)
  })
})

describe('the price floor (docs/decisions.md, Money rules)', () => {
  it('refuses a sale below the wholesale price, the default floor, naming it; an own lower floor allows it', async () => {
    const product = await createProduct(test.db, { name: 'Lonac', price: 50, wholesalePrice: 31 })
    const refused = await addProduct({ productId: product.id, discountPercentage: 40 })
    expect(refused.statusCode).toBe(400)
    expect(json(refused)).toMatchObject({
      code: 'PRICE_BELOW_FLOOR',
      message: 'Cijena na akciji 30,00 KM za "Lonac" ne smije biti niža od najniže dopuštene cijene 31,00 KM',
    })
    const custom = await addProduct({ productId: product.id, discountedPrice: 30.99 })
    expect(json(custom)).toMatchObject({ code: 'PRICE_BELOW_FLOOR' })
    expect((await test.db.query('select 1 from sale_products where product_id = $1', [product.id])).rowCount).toBe(0)

    await test.db.query('update products set price_floor = 20 where id = $1', [product.id])
    expect((await addProduct({ productId: product.id, discountPercentage: 40 })).statusCode).toBe(201)
  })

  it('refuses a sale that takes an option below its own wholesale price, naming the option', async () => {
    const product = await createProduct(test.db, {
      name: 'Majica',
      price: 20,
      options: [
        { size: 'M', stock: 3 },
        { size: 'XL', stock: 3, price: 30, wholesalePrice: 25 },
      ],
    })
    const refused = await addProduct({ productId: product.id, discountPercentage: 20 })
    expect(json(refused)).toMatchObject({
      code: 'PRICE_BELOW_FLOOR',
      message: 'Cijena na akciji 24,00 KM za "Majica (XL)" ne smije biti niža od najniže dopuštene cijene 25,00 KM',
    })
  })

  it('holds a price at the floor raised after the product joined, and says which products', async () => {
    const held = await createProduct(test.db, { name: 'Tava', price: 100, options: [{ size: 'S', stock: 2 }] })
    const free = await createProduct(test.db, { name: 'Čekić', price: 100 })
    await addProduct({ productId: held.id, discountPercentage: 50 })
    await addProduct({ productId: free.id, discountPercentage: 50 })
    await test.db.query('update products set price_floor = 70 where id = $1', [held.id])
    await saveWindow(-HOUR, HOUR)
    const applied = await call({ method: 'POST', url: '/api/sales/apply-discounts' })
    expect(json(applied)).toEqual({
      message:
        'Popusti su uspješno primijenjeni! Akcijska cijena nekih proizvoda bila bi niža od najniže dopuštene cijene pa je postavljena na nju (1): Tava.',
      products: 2,
      heldAtFloor: ['Tava'],
      isApplied: true,
    })
    expect(await prices(held.id)).toMatchObject({ discount: 70, options: { S: [null, 70] } })
    expect((await prices(free.id)).discount).toBe(50)
    expect((await auditRows(test.db, 'sale')).at(-1)?.after).toMatchObject({ heldAtFloor: ['Tava'] })

    await call({ method: 'POST', url: '/api/sales/restore-prices' })
    expect((await prices(held.id)).discount).toBeNull()
  })

  it('holds the timed job at the floor too', async () => {
    const product = await createProduct(test.db, { price: 40, wholesalePrice: 30 })
    await addProduct({ productId: product.id, discountPercentage: 20 })
    await test.db.query('update products set wholesale_price = 35 where id = $1', [product.id])
    await saveWindow(-HOUR, HOUR)
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    expect((await prices(product.id)).discount).toBe(35)
  })
})

describe('the sale opens and closes on its own', () => {
  const fixtures: Record<string, [ProductFixture, number]> = {
    plain: [{ price: 100 }, 20],
    ownLowerDiscount: [{ price: 100, discountPrice: 70 }, 20],
    ownHigherDiscount: [{ price: 100, discountPrice: 90 }, 20],
    withOptions: [
      {
        price: 50,
        options: [
          { size: 'S' },
          { size: 'M', price: 60, discountPrice: 45, wholesalePrice: 40 },
          { size: 'L', price: 80, discountPrice: 70 },
        ],
      },
      20,
    ],
  }

  it('applies and restores every price exactly by an injected clock, through the scheduler', async () => {
    const ids: Record<string, string> = {}
    for (const [name, [fixture, percent]] of Object.entries(fixtures)) {
      ids[name] = (await createProduct(test.db, fixture)).id
      await addProduct({ productId: ids[name], discountPercentage: percent })
    }
    const before = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, await prices(id)])),
    )
    await saveWindow(HOUR, 2 * HOUR)
    const scheduler = startScheduler({
      jobs: [saleTimedJob(test.db, () => test.clock.now)],
      now: () => test.clock.now,
      log: test.app.log,
      key: test.db,
    })
    try {
      const audits = async (action: string) =>
        (await auditRows(test.db, 'sale')).filter((row) => row.action === action).length
      const started = await audits('sale.started')
      // Before the window: scheduled, nothing changes.
      expect(json(await call({ method: 'POST', url: '/api/sales/check-status' }))).toMatchObject({
        status: 'scheduled',
        isApplied: false,
        nextTransitionAt: iso(test.clock.now + HOUR),
      })
      expect(await prices(ids.plain!)).toEqual(before.plain)

      test.clock.now += HOUR
      scheduler.wake()
      await vi.waitFor(async () => expect((await prices(ids.plain!)).discount).toBe(80))
      expect(await prices(ids.ownLowerDiscount!)).toMatchObject({ price: 100, discount: 70 })
      expect(await prices(ids.ownHigherDiscount!)).toMatchObject({ price: 100, discount: 80 })
      expect(await prices(ids.withOptions!)).toEqual({
        price: 50,
        discount: 40,
        options: { S: [null, 40], M: [60, 45], L: [80, 64] },
      })
      expect(json(await test.app.inject({ method: 'GET', url: `/api/products/${ids.withOptions!}` }))).toMatchObject({
        discount_price: 40,
        size_stock: [
          { size: 'S', price: 50, discount_price: 40 },
          { size: 'M', price: 60, discount_price: 45 },
          { size: 'L', price: 80, discount_price: 64 },
        ],
      })
      expect(await audits('sale.started')).toBe(started + 1)
      const start = (await auditRows(test.db, 'sale')).filter((row) => row.action === 'sale.started').at(-1)
      expect(start?.actor_email).toBeNull()

      test.clock.now += HOUR + 1
      scheduler.wake()
      await vi.waitFor(async () => expect((await prices(ids.plain!)).discount).toBeNull())
      for (const [name, id] of Object.entries(ids)) expect(await prices(id)).toEqual(before[name])
      expect(json(await test.app.inject({ method: 'GET', url: `/api/products/${ids.plain!}` }))).toMatchObject({
        discount_price: null,
      })
      expect((await auditRows(test.db, 'sale')).filter((row) => row.action === 'sale.ended').at(-1)).toMatchObject({
        actor_email: null,
      })
    } finally {
      await scheduler.stop()
    }
  })

  it('keeps a price staff changed by hand during the sale when it ends', async () => {
    const product = await createProduct(test.db, { price: 100 })
    await addProduct({ productId: product.id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    await test.db.query('update products set discount_price = 75 where id = $1', [product.id])
    await syncSale(test.db, test.clock.now + 2 * HOUR, SYSTEM_ACTOR)
    expect((await prices(product.id)).discount).toBe(75)
  })

  it("keeps the sale's discount the sale's through a bulk price change, and gives back the changed own prices at its end", async () => {
    const drill = await createProduct(test.db, { price: 100, discountPrice: 95 })
    const grinder = await createProduct(test.db, {
      price: 50,
      options: [
        { size: 'S', stock: 1 },
        { size: 'L', stock: 1, price: 60, discountPrice: 58 },
      ],
    })
    for (const { id } of [drill, grinder]) await addProduct({ productId: id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    expect(await prices(drill.id)).toEqual({ price: 100, discount: 80, options: {} })
    expect(await prices(grinder.id)).toEqual({ price: 50, discount: 40, options: { S: [null, 40], L: [60, 48] } })

    const change = (dryRun: boolean) =>
      call({
        method: 'POST',
        url: '/api/products/price-change',
        payload: { percent: 10, ids: [drill.id, grinder.id], rounding: '0.10', dryRun },
      })
    type Line = {
      productId: string
      size: string | null
      oldDiscountPrice: number | null
      newDiscountPrice: number | null
    }
    // The preview shows the products' own discounts, the ones the change works on, not the sale's.
    const preview = json<{ lines: Line[] }>(await change(true)).lines
    expect(preview.map((line) => [line.productId, line.size, line.oldDiscountPrice, line.newDiscountPrice])).toEqual(
      expect.arrayContaining([
        [drill.id, null, 95, 104.5],
        [grinder.id, null, null, null],
        [grinder.id, 'L', 58, 63.8],
      ]),
    )
    expect((await change(false)).statusCode).toBe(200)

    // While the sale runs: its percentage off the new prices, still the sale's.
    expect(await prices(drill.id)).toEqual({ price: 110, discount: 88, options: {} })
    expect(await prices(grinder.id)).toEqual({ price: 55, discount: 44, options: { S: [null, 44], L: [66, 52.8] } })
    const listed = json<{ products: Array<{ id: string; discount_price: number | null; sale_discount: unknown }> }>(
      await call({ method: 'GET', url: `/api/admin/products?search=${encodeURIComponent(drill.customId)}` }),
    ).products.find((product) => product.id === drill.id)
    expect(listed).toMatchObject({ discount_price: 88, sale_discount: { own_discount_price: 104.5 } })

    // The sale's end gives back the own prices as the change made them.
    await syncSale(test.db, test.clock.now + 2 * HOUR, SYSTEM_ACTOR)
    expect(await prices(drill.id)).toEqual({ price: 110, discount: 104.5, options: {} })
    expect(await prices(grinder.id)).toEqual({ price: 55, discount: null, options: { S: [null, null], L: [66, 63.8] } })
  })

  it("exports the own discount beside a running sale, and an import of a new price keeps the sale's discount the sale's", async () => {
    const product = await createProduct(test.db, { price: 100, discountPrice: 95 })
    await addProduct({ productId: product.id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    expect((await prices(product.id)).discount).toBe(80)

    const exported = await call({ method: 'GET', url: '/api/products/export?format=csv' })
    const line = exported.body.split('\r\n').find((row) => row.startsWith(`${product.customId};`))
    expect(line?.split(';').slice(6, 8)).toEqual(['100,00', '95,00'])

    const body = multipart([
      {
        field: 'file',
        filename: 'cjenik.csv',
        contentType: 'text/csv',
        content: Buffer.from(`\uFEFFŠifra;Cijena\r\n${product.customId};110\r\n`, 'utf8'),
      },
    ])
    const imported = await test.app.inject({
      method: 'POST',
      url: '/api/products/import?mode=update&dryRun=false',
      payload: body.payload,
      headers: { ...manager, ...body.headers },
    })
    expect(json(imported)).toMatchObject({ applied: true, updated: 1, errors: [] })
    // The sale's percentage off the new price while it runs; the own discount at its end.
    expect(await prices(product.id)).toMatchObject({ price: 110, discount: 88 })
    await syncSale(test.db, test.clock.now + 2 * HOUR, SYSTEM_ACTOR)
    expect(await prices(product.id)).toMatchObject({ price: 110, discount: 95 })
  })

  it("marks a discount price the sale wrote as the sale's in the staff product, and a save of another field keeps it the sale's", async () => {
    const product = await createProduct(test.db, { price: 100, discountPrice: 95 })
    const ownLower = await createProduct(test.db, { price: 100, discountPrice: 70 })
    for (const { id } of [product, ownLower]) await addProduct({ productId: id, discountPercentage: 20 })
    await saveWindow(-HOUR, HOUR)
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    type Listed = {
      id: string
      customId: string
      discount_price: number | null
      sale_discount: { own_discount_price: number | null } | null
    }
    const staffRead = async (customId: string) =>
      json<{ products: Listed[] }>(
        await call({ method: 'GET', url: `/api/admin/products?search=${encodeURIComponent(customId)}` }),
      ).products.find((listed) => listed.customId === customId)
    expect(await staffRead(product.customId)).toMatchObject({
      discount_price: 80,
      sale_discount: { own_discount_price: 95 },
    })
    // The sale did not change a lower own discount: that price is the product's.
    expect(await staffRead(ownLower.customId)).toMatchObject({ discount_price: 70, sale_discount: null })

    // The form saved for its name sends the discount price it shows: the sale's, which stays the sale's.
    const saved = await call({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: {
        version: await versionOf(test.db, 'products', product.id),
        name: 'Preimenovan za vrijeme akcije',
        price: 100,
        discount_price: 80,
      },
    })
    expect(saved.statusCode).toBe(200)
    expect(json(saved)).toMatchObject({ discount_price: 80, sale_discount: { own_discount_price: 95 } })
    await syncSale(test.db, test.clock.now + 2 * HOUR, SYSTEM_ACTOR)
    expect(await prices(product.id)).toMatchObject({ price: 100, discount: 95 })
    expect(await staffRead(product.customId)).toMatchObject({ discount_price: 95, sale_discount: null })
  })

  it('applies once when two processes run the job at the same moment, and restores once', async () => {
    const product = await createProduct(test.db, { price: 100, discountPrice: 95 })
    await addProduct({ productId: product.id, discountPercentage: 10 })
    await saveWindow(HOUR, 2 * HOUR)
    // A second API process on the same database.
    const other = await buildApp({ config: test.config, db: test.db, now: () => test.clock.now })
    try {
      await other.ready()
      const started = (await auditRows(test.db, 'sale')).filter((row) => row.action === 'sale.started').length
      test.clock.now += HOUR
      const states = await Promise.all([
        syncSale(test.db, test.clock.now, SYSTEM_ACTOR),
        syncSale(other.db, test.clock.now, SYSTEM_ACTOR),
        syncSale(test.db, test.clock.now, SYSTEM_ACTOR),
      ])
      expect(states.map((state) => String(state.changed)).sort()).toEqual(['applied', 'null', 'null'])
      expect((await prices(product.id)).discount).toBe(90)
      expect((await auditRows(test.db, 'sale')).filter((row) => row.action === 'sale.started').length).toBe(started + 1)

      test.clock.now += HOUR + 1
      const ended = await Promise.all([
        test.app.inject({ method: 'POST', url: '/api/sales/check-status', headers: manager }),
        other.inject({ method: 'POST', url: '/api/sales/check-status', headers: admin }),
      ])
      expect(ended.map((response) => String(json(response).changed)).sort()).toEqual(['null', 'restored'])
      expect((await prices(product.id)).discount).toBe(95)
    } finally {
      await other.close()
    }
  })
})
