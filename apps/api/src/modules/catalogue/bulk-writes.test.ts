import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { ImportReport } from '@shop/shared/schemas/catalogue-io.ts'
import { json } from '../../../test/helpers.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import { multipart, useCatalogueTestApp } from './test-fixtures.ts'

// docs/decisions.md, 'Bulk catalogue writes': the statement-level triggers of an import (migration 0033) store
// exactly what the row-by-row ones stored: every derived column equals a rebuild by the full row triggers, the
// card equals the one migration 0032's function builds, and each stock change has its one named ledger row.
const { test } = useCatalogueTestApp()
const admin = useSignInAs(test, 'admin')
const HEADER =
  'Šifra;Šifra opcije;Veličina;Naziv;Kategorija;Brend;Cijena;Akcijska cijena;Veleprodajna cijena;Zaliha;Neograničena zaliha;Jedinica;Opis'

async function apply(lines: string[]): Promise<ImportReport> {
  const content = Buffer.from('\uFEFF' + [HEADER, ...lines].join('\r\n') + '\r\n')
  const body = multipart([{ field: 'file', filename: 'cjenik.csv', contentType: 'text/csv', content }])
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/products/import?mode=upsert&dryRun=false',
    payload: body.payload,
    headers: { ...admin, ...body.headers },
  })
  expect(response.statusCode, response.body).toBe(200)
  return json<ImportReport>(response)
}

const DERIVED = `custom_id, search_name, search_short, search_description, search_codes, search_options,
  search_vector::text as search_vector, is_available, is_discounted, effective_price::text as effective_price,
  catalogue_json::text as catalogue_json, card_json::text as card_json`

async function derivedColumns() {
  const { rows } = await test.db.query<Record<string, unknown>>(`select ${DERIVED} from products order by custom_id`)
  return rows
}

async function categoryAndBrand() {
  const { rows } = await test.db.query<{ category: string; brand: string }>(
    'select (select name from categories order by name limit 1) as category, (select name from brands order by name limit 1) as brand',
  )
  return rows[0]!
}

describe('an import written statement by statement', () => {
  it('stores what the row triggers build: search, sort, product JSON and card, for products with and without sizes', async () => {
    const { category, brand } = await categoryAndBrand()
    const existing = await test.db.query<{ custom_id: string; name: string; size: string }>(
      `select p.custom_id, p.name, o.size from products p join product_options o on o.product_id = p.id order by 1, 2 limit 1`,
    )
    const option = existing.rows[0]!
    const report = await apply([
      `NOVI-1;;;Čekić Ђурђевак 1;${category};${brand};12,50;9,90;;3;ne;kom;Opis č ć đ`,
      `NOVI-2;NOVI-2-s;S;Majica šarena;${category};;20,00;;15,00;0;ne;kom;`,
      `NOVI-2;NOVI-2-m;M;Majica šarena;${category};;22,00;;15,00;4;ne;kom;`,
      `NOVI-3;NOVI-3-xl;XL;Jakna;${category};${brand};50,00;45,00;;0;da;kom;Topla`,
      `${option.custom_id};${option.custom_id}-novi;${option.size};${option.name};${category};;30,00;;;7;ne;kom;`,
    ])
    expect(report.errors).toEqual([])
    expect(report.created).toBe(4)

    const stored = await derivedColumns()
    // The full row triggers again, with the option queries of an UPDATE, on every product.
    await test.db.query('update products set custom_id = custom_id')
    expect(await derivedColumns()).toEqual(stored)

    const card0032 = fs
      .readFileSync(new URL('../../db/migrations/0032_product_cards.sql', import.meta.url), 'utf8')
      .match(/create or replace function product_card_json[\s\S]*?\n\$\$;/)![0]
      .replace('function product_card_json', 'function card_json_0032')
    await test.db.query(card0032)
    try {
      const { rows } = await test.db.query<{ differing: number; total: number }>(
        `select count(*) filter (where card_json::text <> card_json_0032(catalogue_json, is_available)::text)::int as differing,
                count(*)::int as total
           from products`,
      )
      expect(rows[0]).toEqual({ differing: 0, total: stored.length })
    } finally {
      await test.db.query('drop function card_json_0032(json, boolean)')
    }
  })

  it('writes one named ledger row per stock it changed, and every ledger adds up to its stock', async () => {
    const before = await test.db.query<{ count: number }>('select count(*)::int as count from stock_ledger')
    const report = await apply([
      `NOVI-2;NOVI-2-s;S;Majica šarena;Alati;;20,00;;15,00;5;ne;kom;`,
      `NOVI-2;NOVI-2-m;M;Majica šarena;Alati;;22,00;;15,00;4;ne;kom;`,
      `NOVI-1;;;Čekić Ђурђевак 1;Alati;;12,50;9,90;;1;ne;kom;Opis č ć đ`,
    ])
    expect(report.errors).toEqual([])
    const { rows } = await test.db.query(
      `select l.kind, l.actor_email, l.reason, l.option_code, l.change, l.resulting_stock
         from stock_ledger l order by l.id offset $1`,
      [before.rows[0]!.count],
    )
    expect(rows).toEqual([
      {
        kind: 'import',
        actor_email: expect.stringContaining('@'),
        reason: 'Uvoz iz datoteke cjenik.csv',
        option_code: null,
        change: -2,
        resulting_stock: 1,
      },
      {
        kind: 'import',
        actor_email: expect.stringContaining('@'),
        reason: 'Uvoz iz datoteke cjenik.csv',
        option_code: 'NOVI-2-s',
        change: 5,
        resulting_stock: 5,
      },
    ])
    const sums = await test.db.query(
      `select p.custom_id, o.size, coalesce(o.stock, p.stock) as stock,
              (select coalesce(sum(l.change), 0)::int from stock_ledger l
                where l.product_id = p.id and l.option_id is not distinct from o.id) as ledger
         from products p left join product_options o on o.product_id = p.id
        where p.custom_id like 'NOVI-%'`,
    )
    for (const row of sums.rows) expect(row.ledger, JSON.stringify(row)).toBe(row.stock)
  })
})
