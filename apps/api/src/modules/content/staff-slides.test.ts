import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { auditRows, catalogueVersion, insertCategory } from '../catalogue/test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { withCurrentVersion } from '../../../test/support/record-version.ts'
import { expectCreated, expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
const staff = useSignInAs(test, 'store_manager')
let categoryId: string
beforeAll(async () => {
  categoryId = await insertCategory(test.db, 'Alati')
})

type Slide = Record<string, unknown> & { id: string; order: number; is_active: boolean }
const valid = {
  title: 'Proljetna akcija',
  description: 'Sve za vrt',
  image_url: '/api/images/slides/a.webp',
  order: 1,
  is_active: true,
  link: '/store',
}

const post = (payload: object) => test.app.inject({ method: 'POST', url: '/api/slides', payload, headers: staff })
const put = async (id: string, payload: object) =>
  test.app.inject({
    method: 'PUT',
    url: `/api/slides/${id}`,
    payload: (await withCurrentVersion(test.db, 'slides', id, payload)) as object,
    headers: staff,
  })

describe('slides', () => {
  it('creates a slide with trimmed texts and an empty description and mobile image stored as null', async () => {
    const response = await post({ ...valid, title: '  Akcija  ', description: '  ', mobile_image_url: '' })
    expectCreated<Slide>(response, {
      title: 'Akcija',
      description: null,
      image_url: '/api/images/slides/a.webp',
      mobile_image_url: null,
      order: 1,
      is_active: true,
      link: '/store',
      categoryId: null,
    })
  })

  it('links a slide with a category to the store filtered by it, whatever link was sent', async () => {
    const body = json<Slide>(await post({ ...valid, categoryId, link: 'https://example.ba/drugo' }))
    expect(body).toMatchObject({ categoryId, link: `/store?category=${categoryId}` })
  })

  it.each([
    [{ order: -1 }, 'Redoslijed mora biti cijeli broj, 0 ili veći'],
    [{ order: 2.5 }, 'Redoslijed mora biti cijeli broj, 0 ili veći'],
    [{ image_url: '' }, 'Slika je obavezna'],
    [{ image_url: 'javascript:alert(1)' }, 'Neispravna adresa slike'],
    [{ mobile_image_url: 'ftp://x' }, 'Neispravna adresa slike'],
    [{ link: 'javascript:alert(1)' }, 'Poveznica mora biti web adresa ili putanja koja počinje s /'],
    [{ categoryId: 'alati' }, 'Odabrana kategorija nije ispravna'],
    [{ title: 'x'.repeat(301) }, 'Tekst je predug'],
    [{ description: 'Opis\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
  ])('refuses %j with 400 and the message', async (overrides, message) => {
    const response = await post({ ...valid, ...overrides })
    expectValidationFailed(response, message)
  })

  it('answers a category that does not exist with 409 REFERENCE_ERROR', async () => {
    const response = await post({ ...valid, categoryId: '00000000-0000-4000-8000-000000000000' })
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({ code: 'REFERENCE_ERROR' })
  })

  it('lists every slide for staff, inactive ones too, by order', async () => {
    await test.db.query('delete from slides')
    await post({ ...valid, title: 'Treći', order: 3 })
    await post({ ...valid, title: 'Prvi', order: 0, is_active: false })
    await post({ ...valid, title: 'Drugi', order: 2 })
    const response = await test.app.inject({ url: '/api/slides/all', headers: staff })
    expect(response.statusCode).toBe(200)
    expect(json<Slide[]>(response).map((slide) => [slide.title, slide.order, slide.is_active])).toEqual([
      ['Prvi', 0, false],
      ['Drugi', 2, true],
      ['Treći', 3, true],
    ])
  })

  it('replaces a slide with PUT, audits before and after and bumps the version', async () => {
    const created = json<Slide>(await post(valid))
    const version = await catalogueVersion(test.db)
    const response = await put(created.id, {
      ...valid,
      title: 'Ljetna akcija',
      order: 5,
      is_active: false,
      description: '',
    })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({
      id: created.id,
      title: 'Ljetna akcija',
      order: 5,
      is_active: false,
      description: null,
    })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    const rows = await auditRows(test.db, 'slide', created.id)
    expect(rows.map((row) => row.action)).toEqual(['create', 'update'])
    expect(rows[1]).toMatchObject({
      before: { title: 'Proljetna akcija', order: 1 },
      after: { title: 'Ljetna akcija', order: 5 },
    })
  })

  it('is seen at once by the cached public GET /api/slides', async () => {
    const titles = async () => json<Slide[]>(await test.app.inject({ url: '/api/slides' })).map((entry) => entry.title)
    const before = await titles()
    expect(await titles()).toEqual(before)
    await post({ ...valid, title: 'Nova vidljiva' })
    expect(await titles()).toContain('Nova vidljiva')
  })

  it('refuses a PUT that breaks a rule, with the message', async () => {
    const created = json<Slide>(await post(valid))
    const response = await put(created.id, { ...valid, order: -3 })
    expectErrorAnswer(response, 400, {
      message: 'Redoslijed mora biti cijeli broj, 0 ili veći',
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
  })

  it('deletes a slide, audits and bumps the version; an unknown slide answers 404', async () => {
    const created = json<Slide>(await post(valid))
    const version = await catalogueVersion(test.db)
    const response = await test.app.inject({ method: 'DELETE', url: `/api/slides/${created.id}`, headers: staff })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: created.id, message: 'Slajd je obrisan.' })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    expect((await auditRows(test.db, 'slide', created.id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { id: created.id },
      after: null,
    })
    const again = await test.app.inject({ method: 'DELETE', url: `/api/slides/${created.id}`, headers: staff })
    expect(again.statusCode).toBe(404)
    expect(json(again)).toEqual({ message: 'Slajd nije pronađen.', error: 'Not Found', code: 'SLIDE_NOT_FOUND' })
    const missing = await put('nije-id', valid)
    expect(missing.statusCode).toBe(404)
  })
})
