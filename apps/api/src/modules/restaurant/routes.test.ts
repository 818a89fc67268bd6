import { beforeAll, describe, expect, it } from 'vitest'
import { json, signInAs } from '../../../test/helpers.ts'
import {
  GIF_BYTES,
  auditRows,
  catalogueVersion,
  multipart,
  storedFiles,
  type FilePart,
  solidPng,
} from '../catalogue/test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { withCurrentVersion } from '../../../test/support/record-version.ts'
import { expectCreated, expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'

type Item = {
  id: string
  name: string
  price: number
  categoryId: string | null
  featured: boolean
  isAvailable: boolean
  ingredients: string[]
  allergens: string[]
}
type Category = { id: string; name: string; parentId: string | null }

const test = useTestApp()
const staff = useSignInAs(test, 'store_manager')
let png: Buffer
beforeAll(async () => {
  png = await solidPng(900, 600, { r: 180, g: 120, b: 40 })
})

// A menu item's PATCH sends its version as saved now, as a form opened now would (docs/decisions.md ('Edits that never overwrite each other')).
const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = staff) => {
  const itemId = method === 'PATCH' ? /^\/api\/restaurant\/menu\/([^/]+)$/.exec(url)?.[1] : undefined
  const body = itemId ? ((await withCurrentVersion(test.db, 'restaurant_items', itemId, payload)) as object) : payload
  return test.app.inject({ method, url, payload: body, headers })
}
const createCategory = async (name: string, parentId?: string) =>
  json<Category>(await send('POST', '/api/restaurant/categories', { name, parentId }))
const createItem = async (payload: object) =>
  json<Item>(await send('POST', '/api/restaurant/menu', { price: 10, ...payload }))
const menu = async (query = '') => json<Item[]>(await test.app.inject({ url: `/api/restaurant/menu${query}` }))
const upload = (files: FilePart[], headers = staff) => {
  const body = multipart(files)
  return test.app.inject({
    method: 'POST',
    url: '/api/restaurant/menu/images',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
}

describe('menu items', () => {
  it('creates a full item, audits it and bumps the catalogue version', async () => {
    const category = await createCategory('Roštilj')
    const version = await catalogueVersion(test.db)
    const response = await send('POST', '/api/restaurant/menu', {
      name: '  Ćevapi  ',
      description: 'Deset komada',
      price: '12,50',
      image: '/api/images/restaurant/a.webp',
      isAvailable: false,
      categoryId: category.id,
      ingredients: ['junetina', ' luk ', 'Luk', ''],
      allergens: ['gluten'],
      featured: true,
    })
    const body = expectCreated<Item>(response, {
      name: 'Ćevapi',
      description: 'Deset komada',
      price: 12.5,
      image: '/api/images/restaurant/a.webp',
      isAvailable: false,
      categoryId: category.id,
      ingredients: ['junetina', 'luk'],
      allergens: ['gluten'],
      featured: true,
    })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    expect(await auditRows(test.db, 'menu_item', body.id)).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_email: expect.stringContaining('@'),
        before: null,
        after: expect.objectContaining({ name: 'Ćevapi', price: 12.5 }),
      }),
    ])
  })

  it('gives a minimal item its defaults', async () => {
    const body = await createItem({ name: 'Kruh' })
    expect(body).toMatchObject({ isAvailable: true, featured: false, categoryId: null, ingredients: [], allergens: [] })
  })

  it.each([
    [{ name: '' }, 'Naziv je obavezan'],
    [{ name: undefined }, 'Naziv je obavezan'],
    [{ price: 0 }, 'Cijena mora biti pozitivan broj'],
    [{ price: -1 }, 'Cijena mora biti pozitivan broj'],
    [{ price: 'besplatno' }, 'Cijena mora biti pozitivan broj'],
    [{ categoryId: 'jela' }, 'Odabrana kategorija nije ispravna'],
    [{ image: 'javascript:alert(1)' }, 'Neispravna adresa slike'],
    [{ name: 'x'.repeat(201) }, 'Tekst je predug'],
    [{ description: 'Opis\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
    [{ ingredients: Array.from({ length: 51 }, (_, index) => `s${index}`) }, 'Popis je predug'],
    [{ featured: 'da' }, 'Neispravni podaci.'],
  ])('refuses %j with 400 and the message', async (overrides, message) => {
    const response = await send('POST', '/api/restaurant/menu', { name: 'Sarma', price: 10, ...overrides })
    expectValidationFailed(response, message)
  })

  it('answers a category that does not exist with 409 REFERENCE_ERROR', async () => {
    const response = await send('POST', '/api/restaurant/menu', {
      name: 'Sarma',
      price: 10,
      categoryId: '00000000-0000-4000-8000-000000000000',
    })
    expectErrorAnswer(response, 409, {
      message: 'Odabrana kategorija ne postoji.',
      error: 'Conflict',
      code: 'REFERENCE_ERROR',
    })
  })

  it('patches only the fields sent, audits before and after, and refuses a bad field', async () => {
    const created = await createItem({ name: 'Grah', ingredients: ['grah'] })
    const version = await catalogueVersion(test.db)
    const response = await send('PATCH', `/api/restaurant/menu/${created.id}`, { price: 9, isAvailable: false })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ name: 'Grah', price: 9, isAvailable: false, ingredients: ['grah'] })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    const rows = await auditRows(test.db, 'menu_item', created.id)
    expect(rows.map((row) => row.action)).toEqual(['create', 'update'])
    expect(rows[1]).toMatchObject({ before: { price: 10, isAvailable: true }, after: { price: 9, isAvailable: false } })

    const refused = await send('PATCH', `/api/restaurant/menu/${created.id}`, { price: 0 })
    expect(refused.statusCode).toBe(400)
    expect(json(refused)).toMatchObject({ message: 'Cijena mora biti pozitivan broj' })
    const missingCategory = await send('PATCH', `/api/restaurant/menu/${created.id}`, {
      categoryId: '00000000-0000-4000-8000-000000000000',
    })
    expect(missingCategory.statusCode).toBe(409)
  })

  it('deletes an item with an audit row; an unknown item answers 404', async () => {
    const created = await createItem({ name: 'Tufahija' })
    const response = await send('DELETE', `/api/restaurant/menu/${created.id}`)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: created.id, message: 'Stavka jelovnika je obrisana.' })
    expect((await auditRows(test.db, 'menu_item', created.id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { name: 'Tufahija' },
      after: null,
    })
    const again = await send('DELETE', `/api/restaurant/menu/${created.id}`)
    expectErrorAnswer(again, 404, {
      message: 'Stavka jelovnika nije pronađena.',
      error: 'Not Found',
      code: 'MENU_ITEM_NOT_FOUND',
    })
    expect((await send('PATCH', '/api/restaurant/menu/nije-id', { price: 3 })).statusCode).toBe(404)
  })
})

describe('GET /api/restaurant/menu', () => {
  it('lists featured items first, filters by category with its subcategories, and sees writes at once', async () => {
    await test.db.query('delete from restaurant_items')
    const drinks = await createCategory('Pića')
    const hot = await createCategory('Topla pića', drinks.id)
    const food = await createCategory('Jela')
    await createItem({ name: 'Voda', categoryId: drinks.id })
    await createItem({ name: 'Čaj', categoryId: hot.id })
    await createItem({ name: 'Kava', categoryId: hot.id, featured: true })
    await createItem({ name: 'Sarma', categoryId: food.id })

    expect((await menu()).map((item) => item.name)).toEqual(['Kava', 'Čaj', 'Sarma', 'Voda'])
    expect((await menu(`?category=${drinks.id}`)).map((item) => item.name)).toEqual(['Kava', 'Čaj', 'Voda'])
    expect((await menu(`?category=${hot.id}`)).map((item) => item.name)).toEqual(['Kava', 'Čaj'])
    expect(await menu('?category=00000000-0000-4000-8000-000000000000')).toEqual([])
    expect(await menu('?category=nije-id')).toEqual([])

    const cached = await test.app.inject({ url: '/api/restaurant/menu' })
    expect(cached.headers['x-cache']).toBe('hit')
    await createItem({ name: 'Baklava' })
    expect((await menu()).map((item) => item.name)).toContain('Baklava')
  })
})

describe('categories', () => {
  it('creates main categories and subcategories, lists them by name, and audits', async () => {
    const main = await createCategory('Deserti')
    const response = await send('POST', '/api/restaurant/categories', {
      name: ' Kolači ',
      description: '',
      parentId: main.id,
    })
    const sub = expectCreated<Category>(response, {
      name: 'Kolači',
      description: null,
      parentId: main.id,
    })
    const list = json<Category[]>(await test.app.inject({ url: '/api/restaurant/categories' }))
    const names = list.map((category) => category.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('bs', { sensitivity: 'base', numeric: true }).compare))
    expect(list).toContainEqual(expect.objectContaining({ id: sub.id, parentId: main.id }))
    expect((await auditRows(test.db, 'menu_category', sub.id))[0]).toMatchObject({ action: 'create', before: null })
  })

  it.each([
    [{ name: '' }, 'Naziv kategorije je obavezan'],
    [{ name: '  ' }, 'Naziv kategorije je obavezan'],
    [{ name: 'Pića', parentId: 'pica' }, 'Odabrana glavna kategorija nije ispravna'],
    [{ name: 'x'.repeat(201) }, 'Tekst je predug'],
  ])('refuses %j with 400 and the message', async (payload, message) => {
    const response = await send('POST', '/api/restaurant/categories', payload)
    expectValidationFailed(response, message)
  })

  it('keeps two levels: a parent must exist and be a main category', async () => {
    const main = await createCategory('Salate')
    const sub = await createCategory('Sezonske', main.id)
    const missing = await send('POST', '/api/restaurant/categories', {
      name: 'X',
      parentId: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.statusCode).toBe(409)
    expect(json(missing)).toMatchObject({ message: 'Odabrana glavna kategorija ne postoji.', code: 'REFERENCE_ERROR' })
    const deep = await send('POST', '/api/restaurant/categories', { name: 'X', parentId: sub.id })
    expect(deep.statusCode).toBe(400)
    expect(json(deep)).toMatchObject({
      message: 'Podkategorija ne može imati svoje podkategorije.',
      code: 'INVALID_PARENT',
    })
    const self = await send('PUT', `/api/restaurant/categories/${main.id}`, { name: 'Salate', parentId: main.id })
    expect(json(self)).toMatchObject({ message: 'Kategorija ne može biti sama sebi glavna kategorija.' })
    const other = await createCategory('Juhe')
    const withChildren = await send('PUT', `/api/restaurant/categories/${main.id}`, {
      name: 'Salate',
      parentId: other.id,
    })
    expect(withChildren.statusCode).toBe(400)
    expect(json(withChildren)).toMatchObject({ message: 'Kategorija s podkategorijama ne može postati podkategorija.' })
  })

  it('replaces a category with PUT and audits before and after', async () => {
    const main = await createCategory('Predjela')
    const version = await catalogueVersion(test.db)
    const response = await send('PUT', `/api/restaurant/categories/${main.id}`, {
      name: 'Hladna predjela',
      description: 'Za početak',
    })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ name: 'Hladna predjela', description: 'Za početak', parentId: null })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    expect((await auditRows(test.db, 'menu_category', main.id))[1]).toMatchObject({
      action: 'update',
      before: { name: 'Predjela' },
      after: { name: 'Hladna predjela' },
    })
    const missing = await send('PUT', '/api/restaurant/categories/00000000-0000-4000-8000-000000000000', { name: 'X' })
    expect(missing.statusCode).toBe(404)
    expect(json(missing)).toMatchObject({ message: 'Kategorija nije pronađena.', code: 'CATEGORY_NOT_FOUND' })
  })

  it('deletes a category with its subcategories and leaves their items without a category', async () => {
    const main = await createCategory('Riba')
    const sub = await createCategory('Morska riba', main.id)
    const item = await createItem({ name: 'Orada', categoryId: sub.id })
    const response = await send('DELETE', `/api/restaurant/categories/${main.id}`)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: main.id, message: 'Kategorija je obrisana.' })
    const ids = json<Category[]>(await test.app.inject({ url: '/api/restaurant/categories' })).map((entry) => entry.id)
    expect(ids).not.toContain(main.id)
    expect(ids).not.toContain(sub.id)
    expect((await menu()).find((entry) => entry.id === item.id)?.categoryId).toBeNull()
    expect((await auditRows(test.db, 'menu_category', main.id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { name: 'Riba', subcategories: [expect.objectContaining({ id: sub.id })] },
      after: null,
    })
    expect((await send('DELETE', `/api/restaurant/categories/${main.id}`)).statusCode).toBe(404)
  })
})

describe('POST /api/restaurant/menu/images', () => {
  it('stores a PNG as WebP under restaurant/ and audits the upload', async () => {
    const response = await upload([{ filename: 'sarma.png', contentType: 'image/png', content: png }])
    expect(response.statusCode).toBe(201)
    const body = json<{ url: string; width: number; height: number }>(response)
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/images\/restaurant\/[0-9a-f-]{36}\.webp$/),
      width: 900,
      height: 600,
    })
    const key = body.url.slice('/api/images/'.length, -'.webp'.length)
    expect(storedFiles(test.config.dataDir)).toContain(`${key}.webp`)
    expect(await auditRows(test.db, 'image', `${key}.webp`)).toMatchObject([
      { action: 'create', before: null, after: { url: body.url, width: 900, height: 600 } },
    ])
    expect((await test.app.inject({ url: body.url })).statusCode).toBe(200)
  })

  it('refuses a file that is not JPEG, PNG or WebP by its content, in Bosnian, storing nothing', async () => {
    const before = storedFiles(test.config.dataDir)
    const response = await upload([{ filename: 'slika.png', contentType: 'image/png', content: GIF_BYTES }])
    expect(response.statusCode).toBe(415)
    expect(json(response)).toMatchObject({
      message: 'Dozvoljene su samo JPEG, PNG i WebP slike',
      code: 'INVALID_IMAGE_TYPE',
    })
    expect(storedFiles(test.config.dataDir)).toEqual(before)
  })

  it('refuses a file over 10 MB in Bosnian', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x41)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big)
    const response = await upload([{ filename: 'velika.png', contentType: 'image/png', content: big }])
    expect(response.statusCode).toBe(413)
    expect(json(response)).toMatchObject({ message: 'Slike moraju biti manje od 10MB', code: 'IMAGE_TOO_LARGE' })
  })

  it('refuses a body without the image field', async () => {
    const response = await upload([{ field: 'photo', filename: 'a.png', contentType: 'image/png', content: png }])
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ message: 'Slika nije poslana.', code: 'IMAGE_REQUIRED' })
  })
})

describe('who may call what', () => {
  const writes = (ids: { item: string; category: string }) =>
    [
      ['POST', '/api/restaurant/menu', { name: 'Pita', price: 4 }],
      ['PATCH', `/api/restaurant/menu/${ids.item}`, { price: 5 }],
      ['POST', '/api/restaurant/categories', { name: 'Nova' }],
      ['PUT', `/api/restaurant/categories/${ids.category}`, { name: 'Promijenjena' }],
      ['DELETE', `/api/restaurant/menu/${ids.item}`, undefined],
      ['DELETE', `/api/restaurant/categories/${ids.category}`, undefined],
    ] as const

  it('lets anyone read the menu and the categories', async () => {
    for (const url of ['/api/restaurant/menu', '/api/restaurant/categories']) {
      expect((await test.app.inject({ url })).statusCode).toBe(200)
    }
  })

  it('answers 401 to anonymous callers and 403 to customers and wholesale buyers, changing nothing', async () => {
    const ids = { item: (await createItem({ name: 'Zaštićeno' })).id, category: (await createCategory('Zaštićena')).id }
    const callers = [
      [{}, 401],
      [await signInAs(test, 'user'), 403],
      [await signInAs(test, 'wholesale'), 403],
    ] as const
    for (const [headers, status] of callers) {
      for (const [method, url, payload] of writes(ids)) {
        expect({ method, url, status: (await send(method, url, payload, headers)).statusCode }).toEqual({
          method,
          url,
          status,
        })
      }
      expect((await upload([{ filename: 'a.png', contentType: 'image/png', content: png }], headers)).statusCode).toBe(
        status,
      )
    }
    expect((await menu()).find((item) => item.id === ids.item)).toMatchObject({ name: 'Zaštićeno', price: 10 })
  })

  it('lets store managers and admins write', async () => {
    for (const role of ['store_manager', 'admin'] as const) {
      const headers = await signInAs(test, role)
      const ids = {
        item: json<Item>(await send('POST', '/api/restaurant/menu', { name: 'Pita', price: 4 }, headers)).id,
        category: json<Category>(await send('POST', '/api/restaurant/categories', { name: 'Nova' }, headers)).id,
      }
      const statuses = []
      for (const [method, url, payload] of writes(ids))
        statuses.push((await send(method, url, payload, headers)).statusCode)
      expect(statuses).toEqual([201, 200, 201, 200, 200, 200])
      const uploaded = await upload([{ filename: 'a.png', contentType: 'image/png', content: png }], headers)
      expect(uploaded.statusCode).toBe(201)
    }
  })
})
