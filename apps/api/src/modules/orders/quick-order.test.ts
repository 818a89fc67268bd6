import type { Role } from '@shop/shared/rules/roles.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { createProduct, postAs, useOrderTestApp } from './test-fixtures.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'
import type { QuickOrderView } from '@shop/shared/schemas/quick-order.ts'

// Quick order by code (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order'): codes of products and options, priced
// for the caller, with each unknown code, shortage and unreadable line named.
const test = useOrderTestApp({}, { liftLimits: false })

beforeAll(async () => {
  await createProduct(test.db, { name: 'Čekić', customId: 'QO-CEKIC', price: 25, wholesalePrice: 15, stock: 4 })
  await createProduct(test.db, { name: 'Pila', customId: 'QO-PILA', price: 60, stock: 0 })
  await createProduct(test.db, { name: 'Vijci', customId: 'QO-VIJCI', price: 0.35, stock: 0, infinite: true })
  await createProduct(test.db, {
    name: 'Radna košulja',
    customId: 'QO-KOSULJA',
    price: 40,
    stock: 0,
    options: [{ size: 'M', stock: 2, customId: 'QO-KOSULJA-M' }],
  })
})

const quickOrder = (payload: unknown, roles: Role[] | null = null) =>
  postAs(test, '/api/cart/quick-order', payload, roles)

describe('POST /api/cart/quick-order', () => {
  it('matches product and option codes in any case and prices them for a wholesale buyer', async () => {
    const response = await quickOrder(
      { lines: 'šifra;količina\nqo-cekic;2\nQO-KOSULJA-M 1\nQO-VIJCI;1.000\nQO-CEKIC;1\n' },
      ['user', 'wholesale'],
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const body = json<QuickOrderView>(response)
    expect(body.lines).toEqual([
      {
        lineNumbers: [2, 5],
        code: 'qo-cekic',
        quantity: 3,
        status: 'ok',
        message: null,
        product: expect.objectContaining({
          productId: 'QO-CEKIC',
          name: 'Čekić',
          size: null,
          price: 15,
          isWholesalePrice: true,
          availableStock: 4,
        }),
      },
      {
        lineNumbers: [3],
        code: 'QO-KOSULJA-M',
        quantity: 1,
        status: 'ok',
        message: null,
        product: expect.objectContaining({ productId: 'QO-KOSULJA', size: 'M', price: 40, availableStock: 2 }),
      },
      {
        lineNumbers: [4],
        code: 'QO-VIJCI',
        quantity: 1000,
        status: 'ok',
        message: null,
        product: expect.objectContaining({ productId: 'QO-VIJCI', availableStock: null }),
      },
    ])
    expect(body).toMatchObject({ errors: [], okCount: 3, problemCount: 0 })
  })

  it('names unknown codes, shortages, sold-out products, codes that need a size and unreadable lines', async () => {
    const response = await quickOrder({ lines: 'NEMA-1;1\nQO-CEKIC;9\nQO-PILA;1\nQO-KOSULJA;1\nQO-VIJCI;pet' })
    expect(response.statusCode).toBe(200)
    const body = json<QuickOrderView>(response)
    expect(body.lines.map(({ code, status, message }) => ({ code, status, message }))).toEqual([
      { code: 'NEMA-1', status: 'unknown_code', message: 'Nepoznata šifra "NEMA-1".' },
      { code: 'QO-CEKIC', status: 'insufficient_stock', message: 'Nedovoljno na stanju: traženo 9, na stanju 4.' },
      { code: 'QO-PILA', status: 'out_of_stock', message: 'Nije na stanju.' },
      {
        code: 'QO-KOSULJA',
        status: 'size_required',
        message: 'Šifra "QO-KOSULJA" ima više veličina: upišite šifru veličine.',
      },
    ])
    expect(body.lines[1]?.product).toMatchObject({ price: 25, isWholesalePrice: false })
    expect(body.errors).toEqual([
      { lineNumber: 5, text: 'QO-VIJCI;pet', message: 'Red 5: količina "pet" nije ispravan broj.' },
    ])
    expect(body).toMatchObject({ okCount: 0, problemCount: 5 })
  })

  it('refuses an empty list, a list over the limit and a missing field with a Bosnian message', async () => {
    expectValidationFailed(await quickOrder({ lines: '\n \n' }), 'Upišite barem jedan red sa šifrom i količinom.')
    const many = Array.from({ length: 102 }, (_, index) => `K${index};1`).join('\n')
    expectValidationFailed(
      await quickOrder({ lines: many }),
      'Brza narudžba prima najviše 100 redova. Podijelite popis na više dijelova.',
    )
    expectValidationFailed(await quickOrder({}), 'Upišite barem jedan red sa šifrom i količinom.')
    expectValidationFailed(
      await quickOrder({ lines: 'A;1\n'.repeat(6000) }),
      'Popis je predug (najviše 20000 znakova).',
    )
  })
})
