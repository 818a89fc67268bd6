import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { auditRows, catalogueVersion, insertBrand, insertCategory } from './test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'
import { withCurrentVersion } from '../../../test/support/record-version.ts'

const test = useTestApp()
const staff = useSignInAs(test, 'store_manager')
const customer = useSignInAs(test, 'user')
let categoryId: string
let brandId: string
beforeAll(async () => {
  categoryId = await insertCategory(test.db, 'Alati')
  brandId = await insertBrand(test.db, 'Bosch')
})

let code = 1000
function product(overrides: Record<string, unknown> = {}) {
  return { customId: String(++code), name: 'Čekić 500 g', price: 20, categoryId, stock: 5, ...overrides }
}

const post = (payload: unknown, headers = staff) =>
  test.app.inject({ method: 'POST', url: '/api/products', payload: payload as object, headers })
const patch = async (id: string, payload: unknown, headers = staff) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/products/${id}`,
    payload: (await withCurrentVersion(test.db, 'products', id, payload)) as object,
    headers,
  })
const remove = (id: string, headers = staff) =>
  test.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers })

type Product = Record<string, unknown> & { id: string; size_stock: Record<string, unknown>[] }

async function created(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await post(product(overrides))
  expect(response.statusCode).toBe(201)
  return json<Product>(response)
}

/** The stored row id of a product's option, to tell an option kept from one written again. */
async function optionIdOf(productId: string, size: string): Promise<string | undefined> {
  const { rows } = await test.db.query<{ id: string }>(
    'select id from product_options where product_id = $1 and size = $2',
    [productId, size],
  )
  return rows[0]?.id
}

async function optionCountOf(productId: string): Promise<number> {
  const { rows } = await test.db.query<{ n: number }>(
    'select count(*)::int as n from product_options where product_id = $1',
    [productId],
  )
  return rows[0]!.n
}

describe('POST /api/products', () => {
  it('creates the product with options, images and specifications and answers it in the public shape', async () => {
    // Sent and answered alike.
    const images = [
      { url: '/api/images/products/a.webp', is_primary: false },
      { url: '/api/images/products/b.webp', is_primary: true },
    ]
    const smallSize = {
      size: 'S',
      customId: 'K-100-s',
      stock: 2,
      infinite: false,
      price: 20,
      discount_price: 18,
      wholesale_price: 15,
    }
    const response = await post(
      product({
        customId: 'K-100',
        description: 'Kovani čekić.\nDrvena drška.',
        short_description: 'Čekić',
        discount_price: 15,
        wholesale_price: 12.5,
        brandId,
        images,
        has_sizes: true,
        sizes: ['S', 'M'],
        size_stock: [smallSize, { size: 'M', customId: 'K-100-m', stock: 0, infinite: true, price: 22 }],
        featured: true,
        specifications: [{ name: 'Težina', value: '500 g' }],
      }),
    )
    expect(response.statusCode).toBe(201)
    const body = json<Product>(response)
    expect(body).toMatchObject({
      _id: body.id,
      customId: 'K-100',
      name: 'Čekić 500 g',
      description: 'Kovani čekić.\nDrvena drška.',
      short_description: 'Čekić',
      price: 20,
      discount_price: 15,
      wholesale_price: 12.5,
      categoryId,
      brandId,
      category: 'Alati',
      brand: 'Bosch',
      images,
      stock: 5,
      infinite_stock: false,
      has_sizes: true,
      sizes: ['S', 'M'],
      size_stock: [
        smallSize,
        {
          size: 'M',
          customId: 'K-100-m',
          stock: 0,
          infinite: true,
          price: 22,
          discount_price: null,
          wholesale_price: null,
        },
      ],
      featured: true,
      recommended: false,
      specifications: [{ name: 'Težina', value: '500 g' }],
    })
    expect(typeof body.created_at).toBe('string')
  })

  it('answers what the public GET /api/products/{id} answers staff, with the floor and the daily cap', async () => {
    const saved = await created({
      wholesale_price: 11,
      brandId,
      images: [{ url: '/api/images/products/c.webp' }],
      has_sizes: true,
      size_stock: [{ size: 'L', customId: 'x-l', stock: 1, price: 21, wholesale_price: 12 }],
      specifications: [{ name: 'Boja', value: 'Crvena' }],
    })
    const response = await test.app.inject({ url: `/api/products/${saved.id}`, headers: staff })
    expect(response.statusCode).toBe(200)
    // Staff-only settings stay out of the catalogue (a wholesale customer reads it with the wholesale price).
    // So does the form's mark of a discount price the running sale set (none here).
    // The version the staff form sends back is the staff answer's alone (docs/decisions.md ('Edits that never overwrite each other')).
    const { price_floor, max_per_buyer_per_day, sale_discount, version, ...shown } = saved
    expect({ price_floor, max_per_buyer_per_day, sale_discount, version }).toEqual({
      price_floor: null,
      max_per_buyer_per_day: null,
      sale_discount: null,
      version: 1,
    })
    expect(json(response)).toEqual(shown)
  })

  it('ignores the form-only switches and any unknown field', async () => {
    const body = await created({
      is_discounted: false,
      is_wholesale: true,
      wholesale_price: 10,
      discount_price: 18,
      rating: 5,
    })
    expect(body).toMatchObject({ discount_price: 18, wholesale_price: 10 })
    expect(body).not.toHaveProperty('is_discounted')
    expect(body).not.toHaveProperty('rating')
  })

  it.each([
    [{ customId: '' }, 'Šifra proizvoda je obavezna'],
    [{ name: '  ' }, 'Naziv proizvoda je obavezan'],
    [{ price: 0 }, 'Cijena mora biti pozitivan broj veći od 0'],
    [{ price: 'besplatno' }, 'Cijena mora biti pozitivan broj veći od 0'],
    [{ categoryId: '' }, 'Kategorija je obavezna'],
    [{ discount_price: -1 }, 'Akcijska cijena mora biti pozitivan broj veći od 0'],
    [{ discount_price: 20 }, 'Akcijska cijena mora biti manja od osnovne cijene'],
    [{ wholesale_price: 0 }, 'Veleprodajna cijena mora biti pozitivan broj veći od 0'],
    [{ wholesale_price: 25 }, 'Veleprodajna cijena mora biti manja od osnovne cijene'],
    [{ stock: -1 }, 'Zaliha mora biti pozitivan broj'],
    [{ stock: undefined }, 'Zaliha mora biti pozitivan broj'],
    [{ has_sizes: true, size_stock: [] }, 'Potrebna je barem jedna opcija'],
    [{ has_sizes: true, size_stock: [{ size: 'XL', stock: -1, price: 20 }] }, 'Nevažeća zaliha za opciju XL'],
    [
      { has_sizes: true, size_stock: [{ size: 'XL', stock: 1, price: 0 }] },
      'Cijena za opciju XL mora biti pozitivan broj veći od 0',
    ],
    [
      { has_sizes: true, size_stock: [{ size: 'XL', stock: 1, price: 20, discount_price: 0 }] },
      'Akcijska cijena za opciju XL mora biti pozitivan broj veći od 0',
    ],
    [
      { has_sizes: true, size_stock: [{ size: 'XL', stock: 1, price: 20, discount_price: 20 }] },
      'Akcijska cijena za opciju XL mora biti manja od cijene opcije',
    ],
    [
      { has_sizes: true, size_stock: [{ size: 'XL', stock: 1, price: 20, wholesale_price: -2 }] },
      'Veleprodajna cijena za opciju XL mora biti pozitivan broj veći od 0',
    ],
    [
      { has_sizes: true, size_stock: [{ size: 'XL', stock: 1, price: 20, wholesale_price: 30 }] },
      'Veleprodajna cijena za opciju XL mora biti manja od cijene opcije',
    ],
    [{ has_sizes: true, size_stock: [{ size: '', stock: 1, price: 20 }] }, 'Naziv opcije je obavezan'],
    [
      {
        has_sizes: true,
        size_stock: [
          { size: 'M', stock: 1, price: 20 },
          { size: 'm', stock: 1, price: 20 },
        ],
      },
      'Opcija m je navedena više puta',
    ],
    [{ specifications: [{ name: 'Boja', value: '' }] }, 'Both specification name and value are required'],
    [{ brandId: 'bosch' }, 'Odabrani brend nije ispravan'],
    [{ price: 1e12 }, 'Cijena je prevelika'],
    [{ images: [{ url: 'javascript:alert(1)' }] }, 'Neispravna adresa slike'],
    [
      { images: Array.from({ length: 31 }, (_, index) => ({ url: `/p/${index}.webp` })) },
      'Proizvod može imati najviše 30 slika',
    ],
    [{ name: 'x'.repeat(301) }, 'Tekst je predug'],
    [{ featured: 'da' }, 'Neispravni podaci.'],
    [{ name: 'Čekić\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
    [{ specifications: [{ name: 'Boja', value: '\u0000' }] }, 'Unos sadrži nedozvoljene znakove.'],
  ])('refuses %j with 400 VALIDATION_FAILED and the message', async (overrides, message) => {
    const response = await post(product(overrides))
    expectValidationFailed(response, message)
  })

  it('answers a taken code with 409 DUPLICATE_ERROR and leaves the first product alone', async () => {
    await created({ customId: 'DUP-1' })
    const response = await post(product({ customId: 'DUP-1', name: 'Drugi' }))
    expectErrorAnswer(response, 409, {
      message: 'A product with this custom ID already exists.',
      error: 'Conflict',
      code: 'DUPLICATE_ERROR',
    })
    const { rows } = await test.db.query("select name from products where custom_id = 'DUP-1'")
    expect(rows).toEqual([{ name: 'Čekić 500 g' }])
  })

  it('answers a category that does not exist with 409 REFERENCE_ERROR', async () => {
    const response = await post(product({ categoryId: '00000000-0000-4000-8000-000000000000' }))
    expectErrorAnswer(response, 409, {
      message: 'The selected category does not exist.',
      error: 'Conflict',
      code: 'REFERENCE_ERROR',
    })
  })

  it('writes an audit row with the product after and bumps the catalogue version in the same transaction', async () => {
    const version = await catalogueVersion(test.db)
    const body = await created({ customId: 'AUD-1' })
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    const rows = await auditRows(test.db, 'product', body.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'create',
      before: null,
      after: { id: body.id, customId: 'AUD-1', price: 20 },
    })
    expect(rows[0]!.actor_email).toMatch(/@test\.ba$/)
  })

  it('writes nothing (no audit, no version) when the save fails', async () => {
    await created({ customId: 'FAIL-1' })
    const version = await catalogueVersion(test.db)
    const before = (await auditRows(test.db, 'product')).length
    expect((await post(product({ customId: 'FAIL-1' }))).statusCode).toBe(409)
    expect(await catalogueVersion(test.db)).toBe(version)
    expect(await auditRows(test.db, 'product')).toHaveLength(before)
  })
})

describe('the price floor and the daily cap per buyer (docs/decisions.md, Money rules; Order limits)', () => {
  it('refuses a discount below the wholesale price, the default floor, naming the floor', async () => {
    expectErrorAnswer(await post(product({ discount_price: 11, wholesale_price: 12.5 })), 400, {
      message: 'Akcijska cijena ne smije biti niža od najniže dopuštene cijene 12,50 KM',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it('stores an own floor below the wholesale price, which allows the discount, and the cap', async () => {
    const saved = await created({
      discount_price: 11,
      wholesale_price: 12.5,
      price_floor: 10,
      max_per_buyer_per_day: 3,
    })
    expect(saved).toMatchObject({
      discount_price: 11,
      wholesale_price: 12.5,
      price_floor: 10,
      max_per_buyer_per_day: 3,
    })
    const cleared = await patch(saved.id, { discount_price: null, price_floor: null, max_per_buyer_per_day: '' })
    expect(json(cleared)).toMatchObject({ price_floor: null, max_per_buyer_per_day: null })
  })

  it('checks the merged product: raising the floor above the saved discount is refused', async () => {
    const saved = await created({ discount_price: 15 })
    expectErrorAnswer(await patch(saved.id, { price_floor: 16 }), 400, {
      message: 'Akcijska cijena ne smije biti niža od najniže dopuštene cijene 16,00 KM',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
    expectErrorAnswer(await patch(saved.id, { price: 17, discount_price: null, price_floor: 18 }), 400, {
      message: 'Cijena ne smije biti niža od najniže dopuštene cijene 18,00 KM',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it("refuses an option's discount below its floor, naming the option", async () => {
    const option = { size: 'XL', stock: 1, price: 20, discount_price: 9, wholesale_price: 10 }
    expectErrorAnswer(await post(product({ has_sizes: true, size_stock: [option] })), 400, {
      message: 'Akcijska cijena za opciju XL ne smije biti niža od najniže dopuštene cijene 10,00 KM',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it.each([
    [{ price_floor: 0 }, 'Najniža dopuštena cijena mora biti pozitivan broj veći od 0'],
    [{ max_per_buyer_per_day: 0 }, 'Unesite cijeli broj od 1 do 100000 ili ostavite prazno'],
  ])('refuses %j', async (fields, message) => {
    expectErrorAnswer(await post(product(fields)), 400, { message, error: 'Bad Request', code: 'VALIDATION_FAILED' })
  })
})

describe('units of measure and the exemption from the per-line limit', () => {
  it('stores every unit and the exemption, answers them staff and the public, and defaults to pieces', async () => {
    const plain = await created()
    expect(plain).toMatchObject({ unit: 'kom', no_line_limit: false })
    for (const unit of ['kom', 'm', 'm²', 'kg', 'l', 'pak']) {
      const saved = await created({ unit, no_line_limit: unit === 'm' })
      expect(saved).toMatchObject({ unit, no_line_limit: unit === 'm' })
      const shown = json(await test.app.inject({ url: `/api/products/${saved.id}` }))
      expect(shown).toMatchObject({ unit, no_line_limit: unit === 'm' })
    }
    const changed = await patch(plain.id, { unit: 'm', no_line_limit: true })
    expect(json(changed)).toMatchObject({ unit: 'm', no_line_limit: true, name: 'Čekić 500 g' })
    const kept = await patch(plain.id, { name: 'Kabel' })
    expect(json(kept)).toMatchObject({ unit: 'm', no_line_limit: true, name: 'Kabel' })
  })

  it.each([['cm'], ['M'], [''], [3]])(
    'refuses the unit %j with a Bosnian message and changes nothing',
    async (unit) => {
      const answer = { message: 'Odaberite jedinicu mjere: kom, m, m², kg, l ili pak', error: 'Bad Request' }
      expectErrorAnswer(await post(product({ unit, customId: 'UNIT-REFUSED' })), 400, {
        ...answer,
        code: 'VALIDATION_FAILED',
      })
      const saved = await created()
      expectErrorAnswer(await patch(saved.id, { unit }), 400, { ...answer, code: 'VALIDATION_FAILED' })
      expect(json(await test.app.inject({ url: `/api/products/${saved.id}` }))).toMatchObject({ unit: 'kom' })
      const { rows } = await test.db.query("select 1 from products where custom_id = 'UNIT-REFUSED'")
      expect(rows).toEqual([])
    },
  )

  it('refuses the database a unit outside the six', async () => {
    await expect(
      test.db.query(`update products set unit = 'cm' where id = (select id from products limit 1)`),
    ).rejects.toThrow()
  })

  it('leaves the unit and the exemption unchanged for a customer (403)', async () => {
    const saved = await created()
    const response = await patch(saved.id, { unit: 'm', no_line_limit: true }, customer)
    expect(response.statusCode).toBe(403)
    expect(json(await test.app.inject({ url: `/api/products/${saved.id}` }))).toMatchObject({
      unit: 'kom',
      no_line_limit: false,
    })
  })
})

describe('PATCH /api/products/{id}', () => {
  it('changes only the fields sent and keeps the rest', async () => {
    const saved = await created({ discount_price: 15, featured: true, description: 'Opis' })
    const response = await patch(saved.id, { name: 'Čekić 800 g', recommended: true })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({
      name: 'Čekić 800 g',
      recommended: true,
      featured: true,
      discount_price: 15,
      description: 'Opis',
    })
  })

  it('clears a price sent as null (the form unchecks the switch)', async () => {
    const saved = await created({ discount_price: 15, wholesale_price: 10 })
    const response = await patch(saved.id, { discount_price: null, wholesale_price: '' })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ discount_price: null, wholesale_price: null })
  })

  it('checks the merged product: a lower price under the saved discount is refused', async () => {
    const saved = await created({ discount_price: 15 })
    const response = await patch(saved.id, { price: 10 })
    expectErrorAnswer(response, 400, {
      message: 'Akcijska cijena mora biti manja od osnovne cijene',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it.each([
    [{ name: '' }, 'Naziv proizvoda je obavezan'],
    [{ customId: ' ' }, 'Šifra proizvoda je obavezna'],
    [{ price: -5 }, 'Cijena mora biti pozitivan broj veći od 0'],
    [{ categoryId: null }, 'Kategorija je obavezna'],
    [{ has_sizes: true }, 'Potrebna je barem jedna opcija'],
    [{ stock: -3 }, 'Zaliha mora biti pozitivan broj'],
    [{ specifications: [{ name: '', value: 'x' }] }, 'Both specification name and value are required'],
  ])('refuses %j with 400 and the message', async (body, message) => {
    const saved = await created()
    const response = await patch(saved.id, body)
    expectValidationFailed(response, message)
  })

  it('replaces options and images as a whole, keeping the row of an option that stays', async () => {
    const saved = await created({
      has_sizes: true,
      size_stock: [
        { size: 'S', stock: 1, price: 20 },
        { size: 'M', stock: 2, price: 20 },
      ],
      images: [{ url: '/a.webp' }, { url: '/b.webp' }],
    })
    const keptId = await optionIdOf(saved.id, 'M')
    const response = await patch(saved.id, {
      size_stock: [
        { size: 'M', stock: 7, price: 21 },
        { size: 'L', customId: 'x-l', stock: 3, price: 22 },
      ],
      images: [{ url: '/c.webp' }],
    })
    expect(response.statusCode).toBe(200)
    const body = json<Product>(response)
    expect(body.sizes).toEqual(['M', 'L'])
    expect(body.size_stock.map((option) => [option.size, option.stock, option.price])).toEqual([
      ['M', 7, 21],
      ['L', 3, 22],
    ])
    expect(body.images).toEqual([{ url: '/c.webp', is_primary: true }])
    expect(keptId).toBeDefined()
    expect(await optionIdOf(saved.id, 'M')).toBe(keptId)
    expect(await optionCountOf(saved.id)).toBe(2)
  })

  it('reads sizes alone as the list of options, keeping the saved entries of the labels it names', async () => {
    const saved = await created({
      has_sizes: true,
      size_stock: [
        { size: 'S', stock: 4, price: 20 },
        { size: 'M', stock: 2, price: 20 },
      ],
    })
    const response = await patch(saved.id, { sizes: ['S', 'XL'] })
    expect(response.statusCode).toBe(200)
    expect(json<Product>(response).size_stock.map((option) => [option.size, option.stock, option.customId])).toEqual([
      ['S', 4, null],
      ['XL', 0, `${saved.customId as string}-xl`],
    ])
  })

  it('drops every option when has_sizes is switched off', async () => {
    const saved = await created({ has_sizes: true, size_stock: [{ size: 'S', stock: 4, price: 20 }] })
    const response = await patch(saved.id, { has_sizes: false })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ has_sizes: false, sizes: [], size_stock: [] })
    expect(await optionCountOf(saved.id)).toBe(0)
  })

  it('answers a code taken by another product with 409 DUPLICATE_ERROR', async () => {
    await created({ customId: 'TAKEN-1' })
    const other = await created()
    const response = await patch(other.id, { customId: 'TAKEN-1' })
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      code: 'DUPLICATE_ERROR',
      message: 'A product with this custom ID already exists.',
    })
  })

  it('keeps its own code without complaint', async () => {
    const saved = await created()
    expect((await patch(saved.id, { customId: saved.customId, name: 'Novo ime' })).statusCode).toBe(200)
  })

  it('answers 404 PRODUCT_NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nema']) {
      const response = await patch(id, { name: 'x' })
      expectErrorAnswer(response, 404, {
        message: 'Proizvod nije pronađen.',
        error: 'Not Found',
        code: 'PRODUCT_NOT_FOUND',
      })
    }
  })

  it('is seen at once by the cached public read', async () => {
    const saved = await created({ name: 'Prije' })
    const read = async () => json<Product>(await test.app.inject({ url: `/api/products/${saved.id}` })).name
    expect(await read()).toBe('Prije')
    expect(await read()).toBe('Prije')
    await patch(saved.id, { name: 'Poslije' })
    expect(await read()).toBe('Poslije')
  })

  it('audits the row before and after and bumps the catalogue version', async () => {
    const saved = await created({ price: 30 })
    const version = await catalogueVersion(test.db)
    await patch(saved.id, { price: 35 })
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    const rows = await auditRows(test.db, 'product', saved.id)
    expect(rows.map((row) => row.action)).toEqual(['create', 'update'])
    expect(rows[1]).toMatchObject({ before: { price: 30 }, after: { price: 35 } })
  })
})

describe('DELETE /api/products/{id}', () => {
  it('deletes the product, keeps orders that reference it, audits and bumps the version', async () => {
    const saved = await created({ has_sizes: true, size_stock: [{ size: 'S', stock: 4, price: 20 }] })
    const order = await test.db.query<{ id: string }>(
      `insert into orders (email, total, shipping_address) values ('kupac@example.ba', 20, '{}') returning id`,
    )
    await test.db.query(
      `insert into order_items (order_id, product_id, option_id, name, quantity, price)
       select $1, $2, o.id, 'Čekić 500 g', 1, 20 from product_options o where o.product_id = $2`,
      [order.rows[0]!.id, saved.id],
    )
    const version = await catalogueVersion(test.db)
    const response = await remove(saved.id)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: saved.id, message: 'Proizvod je obrisan.' })
    const items = await test.db.query('select product_id, option_id, name from order_items where order_id = $1', [
      order.rows[0]!.id,
    ])
    expect(items.rows).toEqual([{ product_id: null, option_id: null, name: 'Čekić 500 g' }])
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    const rows = await auditRows(test.db, 'product', saved.id)
    expect(rows.at(-1)).toMatchObject({
      action: 'delete',
      before: { id: saved.id, customId: saved.customId },
      after: null,
    })
    expect((await remove(saved.id)).statusCode).toBe(404)
  })
})

describe('GET /api/admin/products', () => {
  let searchCategory: string
  beforeAll(async () => {
    searchCategory = await insertCategory(test.db, 'Pretraga')
    const add = (overrides: Record<string, unknown>) => created({ categoryId: searchCategory, ...overrides })
    await add({ customId: 'S-001', name: 'Šarafciger križni', description: 'Za vijke', stock: 3 })
    await add({ customId: 'S-002', name: 'Kliješta', description: 'Čelična kliješta za žicu', stock: 0 })
    await add({
      customId: 'S-003',
      name: 'Majica',
      has_sizes: true,
      stock: undefined,
      size_stock: [{ size: 'Crvena', customId: 'MJ-CRV', stock: 0, price: 20 }],
    })
    await add({ customId: 'S-004', name: 'Đon za cipele', infinite_stock: true, stock: 0 })
  })

  const list = (query: string, headers = staff) => test.app.inject({ url: `/api/admin/products?${query}`, headers })
  type Page = {
    products: (Product & { isOutOfStock: boolean })[]
    total: number
    page: number
    pages: number
    limit: number
  }

  it.each([
    ['sarafciger', ['S-001']],
    ['ŠARAFCIGER križni', ['S-001']],
    ['celicna', ['S-002']],
    ['s-00', ['S-001', 'S-002', 'S-003', 'S-004']],
    ['mj-crv', ['S-003']],
    ['crvena', ['S-003']],
    ['djon', ['S-004']],
    ['100%', []],
    ['klijesta zicu', ['S-002']],
  ])('search %j finds %j (name, description, code, option codes and labels, no accents)', async (search, codes) => {
    const page = json<Page>(await list(`search=${encodeURIComponent(search)}`))
    expect(page.products.map((entry) => entry.customId).sort()).toEqual(codes)
  })

  it('flags products that are out of stock', async () => {
    const page = json<Page>(await list('search=s-00'))
    const flags = Object.fromEntries(page.products.map((entry) => [entry.customId, entry.isOutOfStock]))
    expect(flags).toEqual({ 'S-001': false, 'S-002': true, 'S-003': true, 'S-004': false })
  })

  it('pages by 12 by default and reports total, page and pages', async () => {
    const first = json<Page>(await list(''))
    const total = first.total
    expect(total).toBeGreaterThan(12)
    expect(first).toMatchObject({ page: 1, limit: 12, pages: Math.ceil(total / 12) })
    expect(first.products).toHaveLength(12)
    const last = json<Page>(await list(`page=${first.pages}`))
    expect(last.products).toHaveLength(total - 12 * (first.pages - 1))
    const small = json<Page>(await list('search=s-00&limit=3&page=2'))
    expect(small).toMatchObject({ total: 4, page: 2, pages: 2, limit: 3 })
    expect(small.products).toHaveLength(1)
    const forgiving = json<Page>(await list('page=abc&limit=-4'))
    expect(forgiving).toMatchObject({ page: 1, limit: 12 })
  })

  it('refuses a search longer than 200 characters with 400', async () => {
    const response = await list(`search=${'a'.repeat(201)}`)
    expectValidationFailed(response, 'Neispravni podaci.')
  })

  it('refuses a NUL character in the search with 400, never 500', async () => {
    const response = await list('search=a%00b')
    expectErrorAnswer(response, 400, {
      message: 'Unos sadrži nedozvoljene znakove.',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it('shows wholesale prices to staff', async () => {
    const page = json<Page>(await list('search=s-001'))
    expect(page.products[0]).toHaveProperty('wholesale_price')
  })
})
