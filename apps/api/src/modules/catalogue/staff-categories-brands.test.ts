import { describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { auditRows, catalogueVersion, insertBrand, insertCategory } from './test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { withCurrentVersion } from '../../../test/support/record-version.ts'
import { expectCreated, expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
const staff = useSignInAs(test, 'admin')

// A PATCH sends the version of the record as saved now, as a form opened now would (docs/decisions.md ('Edits that never overwrite each other')).
const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const [, , table, id] = url.split('/')
  const body =
    method === 'PATCH' && payload && (table === 'categories' || table === 'brands')
      ? await withCurrentVersion(test.db, table, id ?? '', payload)
      : payload
  return test.app.inject({ method, url, headers: staff, ...(body ? { payload: body } : {}) })
}

type Saved = {
  id: string
  _id: string
  name: string
  description: string | null
  image_url?: string | null
  createdAt: string
  updatedAt: string
}

describe('categories', () => {
  it('creates a category with server timestamps, ignoring the client ones', async () => {
    const response = await send('POST', '/api/categories', {
      name: '  Vrtni alati ',
      description: '',
      createdAt: '2001-01-01T00:00:00.000Z',
      updatedAt: '2001-01-01T00:00:00.000Z',
    })
    const body = expectCreated<Saved>(response, {
      name: 'Vrtni alati',
      description: null,
    })
    expect(body.createdAt.startsWith('2001')).toBe(false)
  })

  it.each([
    [{}, 'Potreban je naziv kategorije'],
    [{ name: '' }, 'Potreban je naziv kategorije'],
    [{ name: '   ', description: 'x' }, 'Potreban je naziv kategorije'],
    [{ name: 'x'.repeat(201) }, 'Tekst je predug'],
    [{ name: 'Ala\u0000ti' }, 'Unos sadrži nedozvoljene znakove.'],
  ])('refuses %j with 400 and the message', async (payload, message) => {
    const response = await send('POST', '/api/categories', payload)
    expectValidationFailed(response, message)
  })

  it('updates name and description, keeps what is not sent, audits and bumps the version', async () => {
    const created = json<Saved>(await send('POST', '/api/categories', { name: 'Boje', description: 'Stara' }))
    const version = await catalogueVersion(test.db)
    const renamed = await send('PATCH', `/api/categories/${created.id}`, { name: 'Boje i lakovi' })
    expect(renamed.statusCode).toBe(200)
    expect(json(renamed)).toMatchObject({ id: created.id, name: 'Boje i lakovi', description: 'Stara' })
    const cleared = await send('PATCH', `/api/categories/${created.id}`, { description: '' })
    expect(json(cleared)).toMatchObject({ name: 'Boje i lakovi', description: null })
    expect(await catalogueVersion(test.db)).toBe(version + 2)
    const rows = await auditRows(test.db, 'category', created.id)
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'update'])
    expect(rows[1]).toMatchObject({
      before: { name: 'Boje', description: 'Stara' },
      after: { name: 'Boje i lakovi', description: 'Stara' },
    })
  })

  it('refuses a blank name on PATCH', async () => {
    const created = json<Saved>(await send('POST', '/api/categories', { name: 'Ljepila' }))
    const response = await send('PATCH', `/api/categories/${created.id}`, { name: ' ' })
    expectErrorAnswer(response, 400, {
      message: 'Potreban je naziv kategorije',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it('answers 404 CATEGORY_NOT_FOUND for an unknown or malformed id', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/categories/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/categories/nije-id'],
    ] as const) {
      const response = await send(method, url, method === 'PATCH' ? { name: 'x' } : undefined)
      expectErrorAnswer(response, 404, {
        message: 'Kategorija nije pronađena.',
        error: 'Not Found',
        code: 'CATEGORY_NOT_FOUND',
      })
    }
  })

  it('refuses to delete a category that products use with 409 REFERENCE_ERROR, orphaning nothing', async () => {
    const categoryId = await insertCategory(test.db, 'Zauzeta')
    await test.db.query(`insert into products (custom_id, name, price, category_id) values ('CAT-1', 'Pila', 10, $1)`, [
      categoryId,
    ])
    const version = await catalogueVersion(test.db)
    const response = await send('DELETE', `/api/categories/${categoryId}`)
    expectErrorAnswer(response, 409, {
      message: 'This operation cannot be completed due to related data.',
      error: 'Conflict',
      code: 'REFERENCE_ERROR',
    })
    const { rows } = await test.db.query(
      'select c.name from products p join categories c on c.id = p.category_id where p.custom_id = $1',
      ['CAT-1'],
    )
    expect(rows).toEqual([{ name: 'Zauzeta' }])
    expect(await catalogueVersion(test.db)).toBe(version)
    expect(await auditRows(test.db, 'category', categoryId)).toEqual([])
  })

  it('deletes an unused category, unlinks its slides, audits both and bumps the version', async () => {
    const categoryId = await insertCategory(test.db, 'Prazna')
    const slide = await test.db.query<{ id: string }>(
      `insert into slides (image_url, link, category_id) values ('/s.webp', $2, $1) returning id`,
      [categoryId, `/store?category=${categoryId}`],
    )
    const version = await catalogueVersion(test.db)
    const response = await send('DELETE', `/api/categories/${categoryId}`)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: categoryId, message: 'Kategorija je obrisana.' })
    const slides = await test.db.query('select link, category_id from slides where id = $1', [slide.rows[0]!.id])
    expect(slides.rows).toEqual([{ link: null, category_id: null }])
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    expect(await auditRows(test.db, 'category', categoryId)).toMatchObject([
      { action: 'delete', before: { name: 'Prazna' }, after: null },
    ])
    expect(await auditRows(test.db, 'slide', slide.rows[0]!.id)).toMatchObject([
      {
        action: 'update',
        before: { categoryId, link: `/store?category=${categoryId}` },
        after: { categoryId: null, link: null },
      },
    ])
  })
})

describe('brands', () => {
  it('creates a brand with optional description and image_url', async () => {
    const response = await send('POST', '/api/brands', {
      name: 'Makita',
      description: 'Japanski alati',
      image_url: 'https://cdn.example.ba/makita.png',
    })
    expectCreated<Saved>(response, {
      name: 'Makita',
      description: 'Japanski alati',
      image_url: 'https://cdn.example.ba/makita.png',
    })
    const bare = json<Saved>(await send('POST', '/api/brands', { name: 'Gorenje', description: '', image_url: '' }))
    expect(bare).toMatchObject({ description: null, image_url: null })
  })

  it.each([
    [{}, 'Brand name is required'],
    [{ name: ' ' }, 'Brand name is required'],
    [{ name: 'Bosch', image_url: 'javascript:alert(1)' }, 'Image URL must be a web address or a path starting with /'],
    [{ name: 'x'.repeat(201) }, 'Text is too long'],
    [{ name: 'Bosch', description: '\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
  ])('refuses %j with 400 and the message', async (payload, message) => {
    const response = await send('POST', '/api/brands', payload)
    expectValidationFailed(response, message)
  })

  it('updates a brand, audits before and after and bumps the version', async () => {
    const created = json<Saved>(await send('POST', '/api/brands', { name: 'Einhel' }))
    const version = await catalogueVersion(test.db)
    const response = await send('PATCH', `/api/brands/${created.id}`, {
      name: 'Einhell',
      image_url: '/api/images/brands/e.webp',
    })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({ name: 'Einhell', image_url: '/api/images/brands/e.webp', description: null })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    const rows = await auditRows(test.db, 'brand', created.id)
    expect(rows[1]).toMatchObject({
      action: 'update',
      before: { name: 'Einhel', image_url: null },
      after: { name: 'Einhell' },
    })
  })

  it('answers 404 BRAND_NOT_FOUND for an unknown brand', async () => {
    const response = await send('PATCH', '/api/brands/00000000-0000-4000-8000-000000000000', { name: 'x' })
    expect(response.statusCode).toBe(404)
    expect(json(response)).toEqual({ message: 'Brand not found.', error: 'Not Found', code: 'BRAND_NOT_FOUND' })
  })

  it('deletes a brand; its products stay without a brand and the audit keeps which ones', async () => {
    const categoryId = await insertCategory(test.db, 'Za brend')
    const brandId = await insertBrand(test.db, 'Privremeni')
    const product = await test.db.query<{ id: string }>(
      `insert into products (custom_id, name, price, category_id, brand_id) values ('BR-1', 'Brusilica', 90, $1, $2) returning id`,
      [categoryId, brandId],
    )
    const version = await catalogueVersion(test.db)
    const response = await send('DELETE', `/api/brands/${brandId}`)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: brandId, message: 'Brand deleted.' })
    const { rows } = await test.db.query('select brand_id from products where id = $1', [product.rows[0]!.id])
    expect(rows).toEqual([{ brand_id: null }])
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    expect(await auditRows(test.db, 'brand', brandId)).toMatchObject([
      { action: 'delete', before: { name: 'Privremeni', productIds: [product.rows[0]!.id] }, after: null },
    ])
  })
})
