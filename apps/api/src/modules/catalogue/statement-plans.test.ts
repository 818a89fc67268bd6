import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_SETTINGS, type Database } from '../../platform/db.ts'
import { openTestDatabase } from '../../../test/helpers.ts'
import { findProductPage, findRecommendations, type ProductFilter } from './repo.ts'
import { createBrand, createCategory, createProduct } from './test-fixtures.ts'

// docs/decisions.md, 'Counts apart from the list': the store's list and search are named statements that PostgreSQL
// plans for their parameters on the first five binds and then keeps one generic plan per connection. Planning a list
// costs more than running it (0.6 of 0.95 ms on 10,000 products), so a statement that is planned anew on every bind
// makes every uncached page twice as dear. Checked on the connection's own record of its prepared statements.

let db: Database
let drop: () => Promise<void>
const categories: string[] = []
let brand: string

beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase())
  brand = await createBrand(db, 'Planirani brend')
  for (let index = 0; index < 4; index += 1) {
    // Categories of different sizes: a plan made for one category's size would differ from the generic one.
    const category = await createCategory(db, `Kategorija plana ${index}`)
    categories.push(category)
    for (let product = 0; product < 10 + index * 120; product += 1) {
      await createProduct(db, {
        customId: `PLAN-${index}-${product}`,
        name: `Proizvod plana ${index} ${product}`,
        categoryId: category,
        brandId: product % 2 === 0 ? brand : null,
        price: 10 + product,
        stock: product % 7 === 0 ? 0 : 5,
      })
    }
  }
  // As autovacuum leaves a shop: with its statistics, PostgreSQL's estimate of a plan made for one category's size and
  // page is below that of the generic plan.
  await db.query('analyze')
})
afterAll(async () => {
  await drop?.()
})

type Plans = { name: string; generic: number; custom: number }

/** Reads twelve pages with different filters on one connection and answers the plans they were given, per statement. */
function plansOf(filters: (bind: number) => Partial<ProductFilter>): Promise<Plans[]> {
  return plansOfReads((onOneConnection, bind) =>
    findProductPage(onOneConnection, {
      sort: 'price-asc',
      limit: 30,
      offset: 0,
      withWholesale: false,
      isSaleOn: false,
      view: 'card',
      ...filters(bind),
    }),
  )
}

/** Makes twelve reads on one connection and answers the plans they were given, per statement. */
async function plansOfReads(read: (onOneConnection: Database, bind: number) => Promise<unknown>): Promise<Plans[]> {
  return db.transaction(async (client) => {
    const onOneConnection = { ...db, query: client.query.bind(client) }
    const counts = async () =>
      (
        await client.query<Plans>(
          `select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where name like 'catalogue_%'`,
        )
      ).rows
    const before = await counts()
    for (let bind = 0; bind < 12; bind += 1) await read(onOneConnection, bind)
    // The plans of these twelve binds (the connection may hold statements of the tests before).
    return (await counts())
      .map((after) => {
        const earlier = before.find((plans) => plans.name === after.name)
        return {
          name: after.name,
          generic: after.generic - (earlier?.generic ?? 0),
          custom: after.custom - (earlier?.custom ?? 0),
        }
      })
      .filter((plans) => plans.generic + plans.custom > 0)
  })
}

describe('the store list and search keep one plan per connection', () => {
  it('plans a category list for its parameters five times at most, then reuses one plan for every category and page', async () => {
    const plans = await plansOf((bind) => ({
      categoryId: categories[bind % categories.length],
      offset: (bind % 3) * 30,
    }))
    expect(plans).toHaveLength(1)
    expect(plans[0]!.custom).toBeLessThanOrEqual(5)
    expect(plans[0]!.generic).toBe(12 - plans[0]!.custom)
  })

  it('does the same for whole products with their counts, and for the counts alone', async () => {
    for (const view of ['product', 'counts'] as const) {
      const plans = await plansOf((bind) => ({ categoryId: categories[bind % categories.length], view }))
      expect(plans, view).toHaveLength(1)
      expect(plans[0]!.custom, view).toBeLessThanOrEqual(5)
      expect(plans[0]!.generic, view).toBe(12 - plans[0]!.custom)
    }
  })

  it('does the same for a category and brand list, sorted by name', async () => {
    const plans = await plansOf((bind) => ({
      categoryId: categories[bind % categories.length],
      brandId: brand,
      sort: 'name-asc',
      offset: (bind % 2) * 30,
    }))
    expect(plans).toHaveLength(1)
    expect(plans[0]!.custom).toBeLessThanOrEqual(5)
    expect(plans[0]!.generic).toBe(12 - plans[0]!.custom)
  })

  it('does the same for a search, whatever its words', async () => {
    const words = ['proizvod', 'plana', 'proizvod plana', 'kategorija']
    const plans = await plansOf((bind) => ({ search: words[bind % words.length], offset: (bind % 2) * 30 }))
    expect(plans).toHaveLength(1)
    expect(plans[0]!.custom).toBeLessThanOrEqual(5)
    expect(plans[0]!.generic).toBe(12 - plans[0]!.custom)
  })
})

describe('a product page keeps one plan per connection for its reads', () => {
  it('plans the recommendations five times at most, then reuses one plan for every product', async () => {
    const { rows } = await db.query<{ id: string }>('select id from products order by custom_id limit 12')
    const plans = await plansOfReads((onOneConnection, bind) =>
      findRecommendations(onOneConnection, rows[bind]!.id, false, false),
    )
    expect(plans).toHaveLength(1)
    expect(plans[0]!.custom).toBeLessThanOrEqual(5)
    expect(plans[0]!.generic).toBe(12 - plans[0]!.custom)
  })
})

describe('the trigram index hands the recommendations and the typo widening only names at least half similar', () => {
  it('opens every session with that threshold (SESSION_SETTINGS), on the server and on the embedded database', async () => {
    const { rows } = await db.query<{ threshold: string }>(
      "select current_setting('pg_trgm.similarity_threshold') as threshold",
    )
    expect(rows[0]?.threshold).toBe(SESSION_SETTINGS['pg_trgm.similarity_threshold'])
    expect(Number(rows[0]?.threshold)).toBe(0.5)
  })
})
