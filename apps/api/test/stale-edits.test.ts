import { describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { DEFAULT_ORDER_LIMITS } from '@shop/shared/rules/order-limits.ts'
import { json, createUser, signedInUser } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'
import { insertCategory } from '../src/modules/catalogue/test-fixtures.ts'
import { EXAMPLE_TAX_FACTS } from '../src/modules/orders/documents/test-fixtures.ts'

// docs/decisions.md ('Edits that never overwrite each other'), 'Edits that never overwrite each other': every staff form sends the version it
// was opened with; a save from an older version answers 409 STALE_VERSION naming who saved since and when.
const test = useTestApp()

type Editor = { email: string; headers: Record<string, string> }
async function editor(role: 'admin' | 'store_manager', name: string): Promise<Editor> {
  const { email, headers } = await signedInUser(test, {
    roles: ['user', role],
    email: `${name}-${Math.random().toString(36).slice(2, 8)}@demo.ba`,
  })
  return { email, headers }
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => test.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

/** A staff form: where it reads the record's version and how it saves `change` from `version` (undefined: none). */
type Family = {
  name: string
  /** Creates the record; answers the form's URL pieces. */
  open: (admin: Editor) => Promise<{
    read: () => Promise<number>
    save: (who: Editor, version: number | undefined, change: number) => Promise<LightMyRequestResponse>
  }>
}

const versionIn = async (
  response: Promise<LightMyRequestResponse>,
  pick: (body: never) => number = (body: { version: number }) => body.version,
) => {
  const answer = await response
  expect(answer.statusCode, answer.body).toBe(200)
  return pick(json<never>(answer))
}

const withVersion = (body: Record<string, unknown>, version: number | undefined) =>
  version === undefined ? body : { ...body, version }

/** A form of one document (no list, no id) that reads it from `url` and saves it whole there with PUT. */
const documentSavedWhole = (
  name: string,
  url: string,
  fields: (change: number) => Record<string, unknown>,
): Family => ({
  name,
  open: async (admin) => ({
    read: () => versionIn(inject('GET', url, admin.headers)),
    save: (who, version, change) => inject('PUT', url, who.headers, withVersion(fields(change), version)),
  }),
})

/** Creates a record through `url` and answers its id. */
const createdId = async (url: string, admin: Editor, payload: unknown) =>
  json<{ id: string }>(await inject('POST', url, admin.headers, payload)).id

/** Creates a product in a new category `category` through the API; answers its id and version. */
async function productInNewCategory(
  admin: Editor,
  category: string,
  fields: { customId: string; name: string; price: number; stock: number },
) {
  const categoryId = await insertCategory(test.db, category)
  return json<{ id: string; version: number }>(
    await inject('POST', '/api/products', admin.headers, { ...fields, categoryId }),
  )
}

/** Reads the version of the row `id` from the list `url` answers. */
const versionInList = (url: string, admin: Editor, id: string) =>
  versionIn(
    inject('GET', url, admin.headers),
    (body: { id: string; version: number }[]) => body.find((row) => row.id === id)!.version,
  )

/**
 * A record created through the list `url` (from `created()`), its version read from that list, saved with
 * PATCH `url/{id}`.
 */
const recordPatchedInList = (
  name: string,
  url: string,
  created: () => Record<string, unknown>,
  fields: (change: number) => Record<string, unknown>,
): Family => ({
  name,
  open: async (admin) => {
    const id = await createdId(url, admin, created())
    return {
      read: () => versionInList(url, admin, id),
      save: (who, version, change) =>
        inject('PATCH', `${url}/${id}`, who.headers, withVersion(fields(change), version)),
    }
  },
})

const FAMILIES: Family[] = [
  {
    name: 'product',
    open: async (admin) => {
      const categoryId = await insertCategory(test.db, `Alati ${Math.random()}`)
      const id = await createdId('/api/products', admin, {
        customId: `V-${Math.random().toString(36).slice(2, 8)}`,
        name: 'Čekić',
        price: 50,
        categoryId,
        stock: 5,
      })
      return {
        read: () =>
          versionIn(
            inject('GET', `/api/admin/products?search=${encodeURIComponent('Čekić')}&limit=100`, admin.headers),
            (body: { products: { id: string; version: number }[] }) =>
              body.products.find((product) => product.id === id)!.version,
          ),
        save: (who, version, change) =>
          inject('PATCH', `/api/products/${id}`, who.headers, withVersion({ price: 50 + change }, version)),
      }
    },
  },
  recordPatchedInList(
    'category',
    '/api/categories',
    () => ({ name: `Boje ${Math.random()}` }),
    (change) => ({ description: `Opis ${change}` }),
  ),
  recordPatchedInList(
    'brand',
    '/api/brands',
    () => ({ name: `Brend ${Math.random()}` }),
    (change) => ({ description: `Opis ${change}` }),
  ),
  {
    name: 'slide',
    open: async (admin) => {
      const slide = {
        title: 'Akcija',
        description: null,
        image_url: '/api/images/slides/a.webp',
        order: 1,
        is_active: true,
        link: '/store',
      }
      const id = await createdId('/api/slides', admin, slide)
      return {
        read: () => versionInList('/api/slides/all', admin, id),
        save: (who, version, change) =>
          inject('PUT', `/api/slides/${id}`, who.headers, withVersion({ ...slide, order: change }, version)),
      }
    },
  },
  recordPatchedInList(
    'menu item',
    '/api/restaurant/menu',
    () => ({ name: 'Ćevapi', price: 10 }),
    (change) => ({ price: 10 + change }),
  ),
  {
    name: 'shipping options',
    open: async (admin) => {
      const settings = json<Record<string, unknown>>(await inject('GET', '/api/settings/shipping', admin.headers))
      const { version: _version, parcelPriceBands: _bands, ...rest } = settings
      return {
        read: () => versionIn(inject('GET', '/api/settings/shipping', admin.headers)),
        save: (who, version, change) =>
          inject(
            'PATCH',
            '/api/settings/shipping',
            who.headers,
            withVersion({ ...rest, freeShippingThreshold: 300 + change }, version),
          ),
      }
    },
  },
  documentSavedWhole('order limits', '/api/settings/order-limits', (change) => ({
    ...DEFAULT_ORDER_LIMITS,
    maxLinesPerOrder: 40 + change,
  })),
  documentSavedWhole('company tax facts', '/api/settings/tax-facts', (change) => ({
    ...EXAMPLE_TAX_FACTS,
    city: `Grude ${change}`,
  })),
  documentSavedWhole('sale', '/api/sales/config', (change) => ({
    isActive: false,
    startDate: null,
    endDate: null,
    title: `Akcija ${change}`,
    description: '',
  })),
  {
    name: 'work hours',
    open: async (admin) => ({
      read: () =>
        versionIn(
          inject('GET', '/api/work-hours', admin.headers),
          (body: { section: string; version: number }[]) => body.find((row) => row.section === 'store')!.version,
        ),
      save: (who, version, change) =>
        inject('POST', '/api/work-hours', who.headers, [
          withVersion({ section: 'store', hours: `Pon-Pet 08-${change}` }, version),
        ]),
    }),
  },
  {
    name: 'user profile',
    open: async () => {
      const customer = await createUser(test.db)
      return {
        read: async () =>
          versionIn(inject('GET', `/api/profile/${customer.email}`, (await editor('admin', 'reader')).headers)),
        save: (who, version, change) =>
          inject(
            'PUT',
            `/api/profile/${customer.email}`,
            who.headers,
            withVersion({ data: { city: `Grad ${change}` } }, version),
          ),
      }
    },
  },
]

describe.each(FAMILIES)('$name: edits never overwrite each other', (family) => {
  it('refuses the second save from the same version, naming the first editor; a reload saves', async () => {
    const first = await editor('admin', 'prvi')
    const second = await editor('admin', 'drugi')
    const form = await family.open(first)
    const opened = await form.read()
    const saved = await form.save(first, opened, 1)
    expect(saved.statusCode, saved.body).toBe(200)

    const stale = await form.save(second, opened, 2)
    expect(stale.statusCode, stale.body).toBe(409)
    const body = json<{ message: string; error: string; code: string }>(stale)
    expect(body.code).toBe('STALE_VERSION')
    expect(body.error).toBe('Conflict')
    expect(body.message).toMatch(
      new RegExp(
        `^Ovaj zapis je u međuvremenu promijenio ${first.email.replace('.', '\\.')} \\(\\d{2}\\.\\d{2}\\.\\d{4}\\. u \\d{2}:\\d{2}\\)\\. Vaše izmjene nisu spremljene: učitajte najnoviju verziju\\.$`,
      ),
    )

    const reloaded = await form.read()
    expect(reloaded).toBeGreaterThan(opened)
    expect((await form.save(second, reloaded, 3)).statusCode).toBe(200)
  })

  it('answers a save without a version with 400 and the Bosnian message', async () => {
    const admin = await editor('admin', 'bez')
    const form = await family.open(admin)
    const response = await form.save(admin, undefined, 4)
    expect(response.statusCode, response.body).toBe(400)
    expect(json<{ message: string }>(response).message).toBe(
      'Nedostaje verzija zapisa. Osvježite stranicu i pokušajte ponovo.',
    )
  })
})

describe('a save sends only what the editor changed', () => {
  it('keeps the fields a partial product save leaves out, and a running sale’s prices with them', async () => {
    const admin = await editor('admin', 'cijena')
    const manager = await editor('store_manager', 'naziv')
    const product = await productInNewCategory(admin, 'Vrt', {
      customId: 'SALE-1',
      name: 'Kosilica',
      price: 100,
      stock: 3,
    })
    // The sale runs: the product shows its price (computed when read, docs/decisions.md 'Sales computed when read').
    const start = new Date(test.clock.now - 60_000).toISOString()
    const end = new Date(test.clock.now + 86_400_000).toISOString()
    const sale = await inject('PUT', '/api/sales/config', admin.headers, {
      isActive: true,
      startDate: start,
      endDate: end,
      title: 'Akcija',
      description: '',
      version: json<{ version: number }>(await inject('GET', '/api/sales/config', admin.headers)).version,
    })
    expect(sale.statusCode, sale.body).toBe(200)
    expect(
      (await inject('POST', '/api/sales/products', admin.headers, { productId: product.id, discountPercentage: 20 }))
        .statusCode,
    ).toBe(201)
    expect((await inject('POST', '/api/sales/check-status', admin.headers)).statusCode).toBe(200)
    expect(json(await inject('GET', `/api/products/${product.id}`, admin.headers))).toMatchObject({
      discount_price: 80,
    })

    const renamed = await inject('PATCH', `/api/products/${product.id}`, manager.headers, {
      name: 'Kosilica benzinska',
      version: product.version,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(json(renamed)).toMatchObject({
      name: 'Kosilica benzinska',
      price: 100,
      discount_price: 80,
      sale_discount: { own_discount_price: null },
    })
    // The sale's end shows the product's own price again: the save kept the sale's price the sale's.
    const restored = await inject('POST', '/api/sales/restore-prices', admin.headers)
    expect(restored.statusCode).toBe(200)
    expect(json(await inject('GET', `/api/products/${product.id}`, admin.headers))).toMatchObject({
      name: 'Kosilica benzinska',
      discount_price: null,
    })
  })
})

describe('two API calls saving from the same version at once', () => {
  it('lets exactly one win', async () => {
    const admin = await editor('admin', 'paralelno')
    const product = await productInNewCategory(admin, 'Paralelno', {
      customId: 'PAR-1',
      name: 'Lopata',
      price: 20,
      stock: 1,
    })
    const answers = await Promise.all(
      [21, 22, 23, 24].map((price) =>
        inject('PATCH', `/api/products/${product.id}`, admin.headers, { price, version: product.version }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409])
    const winner = answers.find((answer) => answer.statusCode === 200)!
    const { rows } = await test.db.query<{ price: string; version: number }>(
      'select price, version from products where id = $1',
      [product.id],
    )
    expect({ price: Number(rows[0]!.price), version: rows[0]!.version }).toEqual({
      price: json<{ price: number }>(winner).price,
      version: 2,
    })
  })
})

// docs/decisions.md, 'A first save of a settings document': a document never saved has no row to lock; the
// first save claims its key by inserting the row, so of parallel first saves one wins and the others are stale.
describe('parallel first saves of a settings document', () => {
  /** A settings document (one row of `settings`) that a save sends whole, with version 0: a first save. */
  const settingsDocument = (
    name: string,
    key: string,
    url: string,
    method: 'PUT' | 'PATCH',
    fields: (who: Editor, change: number) => Record<string, unknown> | Promise<Record<string, unknown>>,
  ) => ({
    name,
    clear: `delete from settings where key = '${key}'`,
    read: (who: Editor) => versionIn(inject('GET', url, who.headers)),
    save: async (who: Editor, change: number) =>
      inject(method, url, who.headers, { ...(await fields(who, change)), version: 0 }),
  })
  const FIRST_SAVES = [
    settingsDocument('shipping options', 'shipping', '/api/settings/shipping', 'PATCH', async (who, change) => {
      const settings = json<Record<string, unknown>>(await inject('GET', '/api/settings/shipping', who.headers))
      const { version: _version, parcelPriceBands: _bands, ...rest } = settings
      return { ...rest, freeShippingThreshold: 300 + change }
    }),
    settingsDocument('order limits', 'order_limits', '/api/settings/order-limits', 'PUT', (_who, change) => ({
      ...DEFAULT_ORDER_LIMITS,
      maxLinesPerOrder: 40 + change,
    })),
    settingsDocument('company tax facts', 'tax_facts', '/api/settings/tax-facts', 'PUT', (_who, change) => ({
      ...EXAMPLE_TAX_FACTS,
      city: `Grude ${change}`,
    })),
    {
      name: 'work hours',
      clear: "delete from work_hours where section = 'wholesale'",
      read: (who: Editor) =>
        versionIn(
          inject('GET', '/api/work-hours', who.headers),
          (body: { section: string; version: number }[]) =>
            body.find((row) => row.section === 'wholesale')?.version ?? 0,
        ),
      save: async (who: Editor, change: number) =>
        inject('POST', '/api/work-hours', who.headers, [
          { section: 'wholesale', hours: `Pon-Pet 07-${change}`, version: 0 },
        ]),
    },
  ]

  it.each(FIRST_SAVES)('$name: exactly one wins, the others answer 409 STALE_VERSION naming it', async (family) => {
    await test.db.query(family.clear)
    const editors = await Promise.all(['prva', 'druga', 'treca'].map((name) => editor('admin', name)))
    expect(await family.read(editors[0]!)).toBe(0)
    const answers = await Promise.all(editors.map((who, index) => family.save(who, index + 1)))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409])
    const winner = editors[answers.findIndex((answer) => answer.statusCode === 200)]!
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(json<{ code: string; message: string }>(answer)).toMatchObject({
        code: 'STALE_VERSION',
        message: expect.stringContaining(winner.email),
      })
    }
    expect(await family.read(editors[0]!)).toBe(1)
  })
})
