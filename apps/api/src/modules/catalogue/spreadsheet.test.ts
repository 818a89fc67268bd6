import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { format, messages } from '@shop/shared/messages/bs.ts'
import type { ImportReport, PriceChangeResult } from '@shop/shared/schemas/catalogue-io.ts'
import { json, STAFF_ROUTE_ACCESS, signInAs } from '../../../test/helpers.ts'
import { useSignInAs, useTestApp } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'
import { createProduct, insertBrand, insertCategory, multipart } from './test-fixtures.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': export, import (dry run, apply) and the bulk price change.
const text = messages.catalogueIo
// A file made before the weight column existed: still read (columns are matched by header).
const HEADER =
  'Šifra;Šifra opcije;Veličina;Naziv;Kategorija;Brend;Cijena;Akcijska cijena;Veleprodajna cijena;Zaliha;Neograničena zaliha;Jedinica;Opis'
const EXPORT_HEADER =
  'Šifra;Šifra opcije;Veličina;Naziv;Kategorija;Brend;Cijena;Akcijska cijena;Veleprodajna cijena;Zaliha;Neograničena zaliha;Jedinica;Težina (kg);Opis'
const productText = messages.admin.product

const test = useTestApp()
const staff = useSignInAs(test, 'store_manager')
let categoryId: string
let brandId: string
beforeAll(async () => {
  categoryId = await insertCategory(test.db, 'Alati')
  brandId = await insertBrand(test.db, 'Bosch')
  await insertCategory(test.db, 'Kablovi')
})

function csv(lines: string[], header = HEADER): Buffer {
  return Buffer.from('\uFEFF' + [header, ...lines].join('\r\n') + '\r\n', 'utf8')
}

async function importFile(
  content: Buffer,
  query: string,
  filename = 'cjenik.csv',
  headers: Record<string, string> = staff,
) {
  const body = multipart([{ field: 'file', filename, contentType: 'application/octet-stream', content }])
  return test.app.inject({
    method: 'POST',
    url: `/api/products/import?${query}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
}

async function reportOf(content: Buffer, query: string, filename?: string): Promise<ImportReport> {
  const response = await importFile(content, query, filename)
  expect(response.statusCode, response.body).toBe(200)
  return json<ImportReport>(response)
}

const exportAs = (fileFormat: 'csv' | 'xlsx', headers = staff) =>
  test.app.inject({ method: 'GET', url: `/api/products/export?format=${fileFormat}`, headers })

async function productByCode(code: string) {
  const { rows } = await test.db.query<{
    id: string
    name: string
    price: number
    discount_price: number | null
    stock: number
  }>('select id, name, price, discount_price, stock from products where custom_id = $1', [code])
  return rows[0]
}

async function xlsxRows(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(content as unknown as ArrayBuffer)
  const rows: string[][] = []
  workbook.worksheets[0]!.eachRow((row) => {
    const values = row.values as unknown[]
    rows.push(
      Array.from({ length: values.length - 1 }, (_, index) =>
        String((values[index + 1] as string | number | undefined) ?? ''),
      ),
    )
  })
  return rows
}

describe('roles', () => {
  it.each(STAFF_ROUTE_ACCESS)('%s: export, import and price change answer %d', async (role, status) => {
    const headers = await signInAs(test, role)
    expect((await exportAs('csv', headers)).statusCode).toBe(status)
    expect(
      (await importFile(csv(['R-1;;;Proizvod;Alati;;10;;;1;ne;kom;']), 'dryRun=true', 'a.csv', headers)).statusCode,
    ).toBe(status)
    const change = await test.app.inject({
      method: 'POST',
      url: '/api/products/price-change',
      payload: { percent: 5, rounding: '1', dryRun: true, ids: [] },
      headers,
    })
    expect(change.statusCode).toBe(status)
  })
})

describe('GET /api/products/export', () => {
  it('writes a CSV that Excel on a Bosnian Windows opens: BOM, semicolons, decimal comma, one row per option', async () => {
    await createProduct(test.db, {
      customId: 'EXP-1',
      name: 'Čekić "Đuro" 500 g',
      categoryId,
      brandId,
      price: 12.5,
      discountPrice: 9.9,
      stock: 4,
      description: 'Drška; hrast',
    })
    await createProduct(test.db, {
      customId: 'EXP-2',
      name: 'Рукавице',
      categoryId,
      price: 20,
      options: [
        { size: 'M', customId: 'EXP-2-M', stock: 3 },
        { size: 'XL', customId: 'EXP-2-XL', stock: 0, infinite: true, price: 22.4 },
      ],
    })
    await test.db.query(`update products set weight_kg = 0.5 where custom_id = 'EXP-1'`)
    await test.db.query(`update products set weight_kg = 1.25 where custom_id = 'EXP-2'`)
    await test.db.query(
      `update product_options set weight_kg = 1.5 where size = 'XL' and product_id = (select id from products where custom_id = 'EXP-2')`,
    )
    const response = await exportAs('csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="proizvodi-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = response.body.slice(1).split('\r\n')
    expect(lines[0]).toBe(EXPORT_HEADER)
    expect(lines).toContain('EXP-1;;;"Čekić ""Đuro"" 500 g";Alati;Bosch;12,50;9,90;;4;ne;kom;0,5;"Drška; hrast"')
    // An option without its own weight is written with its product's.
    expect(lines).toContain('EXP-2;EXP-2-M;M;Рукавице;Alati;;20,00;;;3;ne;kom;1,25;')
    expect(lines).toContain('EXP-2;EXP-2-XL;XL;Рукавице;Alati;;22,40;;;0;da;kom;1,5;')
  })

  it('writes the same rows as XLSX, prices as numbers', async () => {
    const response = await exportAs('xlsx')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const rows = await xlsxRows(response.rawPayload)
    expect(rows[0]!.join(';')).toBe(EXPORT_HEADER)
    expect(rows).toContainEqual([
      'EXP-2',
      'EXP-2-XL',
      'XL',
      'Рукавице',
      'Alati',
      '',
      '22.4',
      '',
      '',
      '0',
      'da',
      'kom',
      '1.5',
    ])
  })

  it('refuses an unknown format', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products/export?format=pdf', headers: staff })
    expectValidationFailed(response, text.formatInvalid)
  })
})

describe('POST /api/products/import: every validation message, by row and column', () => {
  /** A valid product row of HEADER with one column's value replaced. */
  const rowWith = (column: string, value: string) => {
    const cells = 'V-1;;;Naziv;Alati;;10;;;1;ne;kom;'.split(';')
    cells[HEADER.split(';').indexOf(column)] = value
    return cells.join(';')
  }

  it.each([
    ['codeRequired', 'Šifra', '', text.codeRequired],
    ['nameRequired', 'Naziv', '', text.nameRequired],
    ['categoryRequired', 'Kategorija', '', text.categoryRequired],
    ['categoryUnknown', 'Kategorija', 'Nema je', format(text.categoryUnknown, { name: 'Nema je' })],
    ['brandUnknown', 'Brend', 'Makita', format(text.brandUnknown, { name: 'Makita' })],
    ['priceRequired', 'Cijena', '', text.priceRequired],
    ['notANumber', 'Cijena', 'deset', text.notANumber],
    ['tooManyDecimals', 'Cijena', '10,555', text.tooManyDecimals],
    ['priceNotPositive', 'Cijena', '0', text.priceNotPositive],
    ['priceTooHigh', 'Cijena', '99999999999', text.priceTooHigh],
    ['discountNotBelowPrice', 'Akcijska cijena', '10', text.discountNotBelowPrice],
    ['wholesaleNotBelowPrice', 'Veleprodajna cijena', '12', text.wholesaleNotBelowPrice],
    ['stockRequired', 'Zaliha', '', text.stockRequired],
    ['stockInvalid', 'Zaliha', '1,5', text.stockInvalid],
    ['yesNoInvalid', 'Neograničena zaliha', 'možda', text.yesNoInvalid],
    ['unitInvalid', 'Jedinica', 'km', text.unitInvalid],
    ['textTooLong', 'Naziv', 'a'.repeat(301), format(text.textTooLong, { max: 300 })],
  ])('%s', async (_name, column, value, message) => {
    const report = await reportOf(csv(['OK-1;;;Dobar;Alati;;10;;;1;ne;kom;', rowWith(column, value)]), 'dryRun=true')
    expect(report.errors).toEqual([{ row: 3, column, message }])
    expect(report).toMatchObject({ dryRun: true, applied: false, rows: 2 })
  })

  it.each([
    ['a negative weight', '-1'],
    ['four decimals', '1,2345'],
    ['a word', 'teško'],
  ])("the weight column refuses %s with the product form's message", async (_name, weight) => {
    const report = await reportOf(
      csv([`OK-1;;;Dobar;Alati;;10;;;1;ne;kom;0,5;`, `V-1;;;Naziv;Alati;;10;;;1;ne;kom;${weight};`], EXPORT_HEADER),
      'dryRun=true',
    )
    expect(report.errors).toEqual([{ row: 3, column: 'Težina (kg)', message: productText.weightInvalid }])
  })

  it('names a missing column in row 1 and a duplicate row by the first one', async () => {
    const missing = await reportOf(Buffer.from('Šifra;Naziv;Kategorija\r\nA;B;Alati\r\n'), 'dryRun=true')
    expect(missing.errors).toEqual([
      { row: 1, column: 'Cijena', message: format(text.missingColumn, { column: 'Cijena' }) },
    ])
    const duplicate = await reportOf(
      csv(['D-1;;;A;Alati;;10;;;1;ne;kom;', 'D-1;;;B;Alati;;11;;;1;ne;kom;']),
      'dryRun=true',
    )
    expect(duplicate.errors).toEqual([{ row: 3, column: 'Šifra', message: format(text.duplicateRow, { row: 2 }) }])
  })

  it('update mode names unknown codes and sizes, and sizes where the product has none', async () => {
    await createProduct(test.db, {
      customId: 'UPD-S',
      name: 'Majica',
      categoryId,
      price: 15,
      options: [{ size: 'S', stock: 1 }],
    })
    await createProduct(test.db, { customId: 'UPD-P', name: 'Kliješta', categoryId, price: 15, stock: 1 })
    const file = Buffer.from('Šifra;Veličina;Cijena\r\nNEMA-1;;5\r\nUPD-S;XXL;5\r\nUPD-S;;5\r\nUPD-P;M;5\r\n')
    const report = await reportOf(file, 'mode=update&dryRun=true')
    expect(report.errors).toEqual([
      { row: 2, column: 'Šifra', message: format(text.productUnknown, { code: 'NEMA-1' }) },
      { row: 3, column: 'Veličina', message: format(text.sizeUnknown, { code: 'UPD-S', size: 'XXL' }) },
      { row: 4, column: 'Veličina', message: text.sizeRequired },
      { row: 5, column: 'Veličina', message: text.hasNoSizes },
    ])
  })

  it('refuses a missing file, a file that is no spreadsheet, an empty one, an unknown mode', async () => {
    const noFile = multipart([], { mode: 'upsert' })
    expectErrorAnswer(
      await test.app.inject({
        method: 'POST',
        url: '/api/products/import',
        payload: noFile.payload,
        headers: { ...staff, ...noFile.headers },
      }),
      400,
      { message: text.fileRequired, error: 'Bad Request', code: 'SPREADSHEET_REQUIRED' },
    )
    expectErrorAnswer(await importFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'dryRun=true', 'x.xlsx'), 400, {
      message: text.fileUnreadable,
      error: 'Bad Request',
      code: 'SPREADSHEET_UNREADABLE',
    })
    const empty = await reportOf(csv([]), 'dryRun=true')
    expect(empty.errors).toEqual([{ row: 2, column: '', message: text.noRows }])
    expectValidationFailed(await importFile(csv([]), 'mode=all'), text.modeInvalid)
  })
})

describe('POST /api/products/import: a 1,000-row file', () => {
  const line = (index: number, price: string) =>
    `BULK-${String(index).padStart(4, '0')};;;Kabl č ć đ š ž ${index};Kablovi;;${price};;;${index % 7};ne;m;`

  it('a dry run with one bad row names the row and writes nothing; the corrected file creates all', async () => {
    const bad = Array.from({ length: 1000 }, (_, index) => line(index, index === 637 ? '12,3x' : '10,50'))
    const report = await reportOf(csv(bad), 'dryRun=true')
    expect(report).toEqual({
      dryRun: true,
      applied: false,
      rows: 1000,
      created: 999,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 639, column: 'Cijena', message: text.notANumber }],
    })
    // Applying it refuses everything.
    expect(await reportOf(csv(bad), 'dryRun=false')).toMatchObject({ applied: false, created: 999 })
    const { rows } = await test.db.query<{ count: number }>(
      `select count(*)::int as count from products where custom_id like 'BULK-%'`,
    )
    expect(rows[0]!.count).toBe(0)

    const good = Array.from({ length: 1000 }, (_, index) => line(index, '10,50'))
    expect(await reportOf(csv(good), 'dryRun=false')).toMatchObject({
      applied: true,
      created: 1000,
      updated: 0,
      errors: [],
    })
    expect(await productByCode('BULK-0637')).toMatchObject({ name: 'Kabl č ć đ š ž 637', price: 10.5, stock: 0 })
  })

  it('applying a changed file changes exactly the rows that differ, audited and named for the stock ledger', async () => {
    const changed = Array.from({ length: 1000 }, (_, index) =>
      index === 5
        ? line(index, '11,00')
        : index === 900
          ? line(index, '10,50').replace(';4;ne;m;', ';60;ne;m;')
          : line(index, '10,50'),
    )
    const { rows: before } = await test.db.query<{ count: number }>(`select count(*)::int as count from audit_log`)
    const report = await reportOf(csv(changed), 'dryRun=false')
    expect(report).toMatchObject({ applied: true, created: 0, updated: 2, unchanged: 998, errors: [] })
    expect(await productByCode('BULK-0005')).toMatchObject({ price: 11 })
    expect(await productByCode('BULK-0900')).toMatchObject({ stock: 60 })
    const { rows: audits } = await test.db.query<{
      action: string
      entity_id: string | null
      before: unknown
      after: Record<string, unknown>
    }>(`select action, entity_id, before, after from audit_log order by id offset $1`, [before[0]!.count])
    expect(audits.map((audit) => audit.action).sort()).toEqual(['import', 'update', 'update'])
    const stockProductId = (await productByCode('BULK-0900'))!.id
    const stockAudit = audits.find((audit) => audit.entity_id === stockProductId)
    expect(stockAudit).toMatchObject({
      before: { stock: 4 },
      after: { customId: 'BULK-0900', stock: 60, source: 'import' },
    })
  })

  it('onlyValid applies the valid rows and reports the bad one', async () => {
    const report = await reportOf(csv([line(5, '12,00'), line(6, '-1')]), 'dryRun=false&onlyValid=true')
    expect(report).toMatchObject({
      applied: true,
      updated: 1,
      errors: [{ row: 3, column: 'Cijena', message: text.priceNotPositive }],
    })
    expect(await productByCode('BULK-0005')).toMatchObject({ price: 12 })
    expect(await productByCode('BULK-0006')).toMatchObject({ price: 10.5 })
  })

  it('names the stock change "import" in the transaction that writes it', async () => {
    await test.db.query(`create table if not exists stock_kind_seen (kind text, reason text)`)
    await test.db.query(`create or replace function stock_kind_probe() returns trigger language plpgsql as $$
      begin insert into stock_kind_seen values (current_setting('shop.stock_kind', true), current_setting('shop.stock_reason', true)); return new; end $$`)
    await test.db.query(
      `create trigger stock_kind_probe after update of stock on products for each row execute function stock_kind_probe()`,
    )
    try {
      await reportOf(Buffer.from('Šifra;Zaliha\r\nBULK-0001;44\r\n'), 'mode=update&dryRun=false', 'dobavljač.csv')
      const { rows } = await test.db.query('select kind, reason from stock_kind_seen')
      expect(rows).toEqual([{ kind: 'import', reason: format(text.importReason, { file: 'dobavljač.csv' }) }])
    } finally {
      await test.db.query('drop trigger stock_kind_probe on products')
    }
  })
})

describe('export -> import round trip', () => {
  it('the unchanged CSV reports 0 updated, and Cyrillic and č ć đ š ž names survive', async () => {
    await createProduct(test.db, {
      customId: 'RT-1',
      name: 'Šljivovica Đurđevdan čaša ćup ž',
      categoryId,
      price: 7.3,
      stock: 2,
    })
    await createProduct(test.db, {
      customId: 'RT-2',
      name: 'Ђурђевдан чаша',
      categoryId,
      price: 3,
      stock: 1,
      description: '=SUM(A1)',
    })
    const exported = await exportAs('csv')
    const report = await reportOf(exported.rawPayload, 'dryRun=true')
    expect(report).toMatchObject({ updated: 0, created: 0, errors: [] })
    expect(report.unchanged).toBe(report.rows)
    expect(await reportOf(exported.rawPayload, 'dryRun=false')).toMatchObject({ updated: 0, applied: true })
    expect(await productByCode('RT-1')).toMatchObject({ name: 'Šljivovica Đurđevdan čaša ćup ž' })
  })

  it('the unchanged XLSX reports 0 updated; an edited name in XLSX is stored with its letters', async () => {
    const exported = await exportAs('xlsx')
    const report = await reportOf(exported.rawPayload, 'dryRun=true', 'proizvodi.xlsx')
    expect(report).toMatchObject({ updated: 0, created: 0, errors: [] })

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer)
    workbook.worksheets[0]!.eachRow((row) => {
      if (row.getCell(1).value === 'RT-2') row.getCell(4).value = 'Ђурђевдан чаша — žuta'
    })
    const edited = Buffer.from(await workbook.xlsx.writeBuffer())
    expect(await reportOf(edited, 'dryRun=false', 'proizvodi.xlsx')).toMatchObject({ updated: 1, applied: true })
    expect(await productByCode('RT-2')).toMatchObject({ name: 'Ђурђевдан чаша — žuta' })
  })

  it('reads a Windows-1250 CSV and a supplier price list with only code and price', async () => {
    const windows1250 = Buffer.concat([Buffer.from('Šifra;Cijena\r\nRT-1;8,10\r\n'.replace('Š', '')), Buffer.alloc(0)])
    // 'Š' is 0x8A in Windows-1250: the header is written byte by byte.
    const file = Buffer.concat([Buffer.from([0x8a]), windows1250])
    expect(await reportOf(file, 'mode=update&dryRun=false')).toMatchObject({ updated: 1, errors: [] })
    expect(await productByCode('RT-1')).toMatchObject({ price: 8.1 })
  })
})

describe('the weight column', () => {
  it("stores kg with a decimal comma; an option with its product's weight keeps none of its own", async () => {
    const report = await reportOf(
      csv(
        [
          'KG-1;;;Vreća cementa;Alati;;12,00;;;5;ne;kom;25;',
          'KG-2;KG-2-s;S;Čizme;Alati;;40,00;;;1;ne;kom;1,25;',
          'KG-2;KG-2-m;M;Čizme;Alati;;40,00;;;1;ne;kom;1,5;',
          'KG-2;KG-2-l;L;Čizme;Alati;;40,00;;;1;ne;kom;;',
          'KG-3;;;Žica;Alati;;3,00;;;1;ne;m;;',
        ],
        EXPORT_HEADER,
      ),
      'dryRun=false',
    )
    expect(report).toMatchObject({ created: 5, errors: [], applied: true })
    const { rows } = await test.db.query(
      `select p.custom_id, p.weight_kg, o.size, o.weight_kg as option_weight
         from products p left join product_options o on o.product_id = p.id
        where p.custom_id like 'KG-%' order by p.custom_id, o.position`,
    )
    expect(rows).toEqual([
      { custom_id: 'KG-1', weight_kg: 25, size: null, option_weight: null },
      { custom_id: 'KG-2', weight_kg: 1.25, size: 'S', option_weight: null },
      { custom_id: 'KG-2', weight_kg: 1.25, size: 'M', option_weight: 1.5 },
      { custom_id: 'KG-2', weight_kg: 1.25, size: 'L', option_weight: null },
      { custom_id: 'KG-3', weight_kg: null, size: null, option_weight: null },
    ])

    // The exported file read back changes nothing; a changed weight is one update.
    const exported = await exportAs('csv')
    expect(exported.body).toContain('KG-2;KG-2-l;L;Čizme;Alati;;40,00;;;1;ne;kom;1,25;')
    expect(await reportOf(exported.rawPayload, 'dryRun=true')).toMatchObject({ updated: 0, created: 0, errors: [] })
    const heavier = await reportOf(
      csv(['KG-1;;;Vreća cementa;Alati;;12,00;;;5;ne;kom;50;'], EXPORT_HEADER),
      'dryRun=false',
    )
    expect(heavier).toMatchObject({ updated: 1, applied: true })
    const { rows: cement } = await test.db.query(`select weight_kg from products where custom_id = 'KG-1'`)
    expect(cement).toEqual([{ weight_kg: 50 }])
  })
})

describe('price floors in the import', () => {
  const floorOf = (message: string, floor: string, size = '') => format(message, { floor, size })

  it('a dry run names each price below its floor by row and column; applying writes nothing', async () => {
    const floored = await createProduct(test.db, {
      customId: 'FL-1',
      name: 'Kosilica',
      categoryId,
      price: 100,
      stock: 1,
    })
    await test.db.query('update products set price_floor = 80 where id = $1', [floored])
    await createProduct(test.db, {
      customId: 'FL-2',
      name: 'Rukavice',
      categoryId,
      price: 10,
      wholesalePrice: 7,
      options: [{ size: 'M', stock: 1 }],
    })
    const file = csv([
      'FL-1;;;Kosilica;Alati;;79,99;;;1;ne;kom;',
      'FL-1;;;Kosilica;Alati;;100,00;75,00;;1;ne;kom;',
      'FL-2;;M;Rukavice;Alati;;10,00;6,50;7,00;1;ne;kom;',
      'FL-3;;;Nova;Alati;;10,00;8,00;9,00;1;ne;kom;',
      'FL-4;;;Ispravna;Alati;;10,00;9,50;9,00;1;ne;kom;',
    ])
    const report = await reportOf(file, 'dryRun=true')
    expect(report.errors).toEqual([
      { row: 2, column: 'Cijena', message: floorOf(productText.priceBelowFloor, '80,00 KM') },
      { row: 3, column: 'Šifra', message: format(text.duplicateRow, { row: 2 }) },
      {
        row: 4,
        column: 'Akcijska cijena',
        message: floorOf(productText.optionDiscountPriceBelowFloor, '7,00 KM', 'M'),
      },
      { row: 5, column: 'Akcijska cijena', message: floorOf(productText.discountPriceBelowFloor, '9,00 KM') },
    ])
    const discountOnly = await reportOf(csv(['FL-1;;;Kosilica;Alati;;100,00;75,00;;1;ne;kom;']), 'dryRun=true')
    expect(discountOnly.errors).toEqual([
      { row: 2, column: 'Akcijska cijena', message: floorOf(productText.discountPriceBelowFloor, '80,00 KM') },
    ])

    expect(await reportOf(file, 'dryRun=false')).toMatchObject({ applied: false, created: 1 })
    expect(await productByCode('FL-1')).toMatchObject({ price: 100, discount_price: null })
    expect(await productByCode('FL-4')).toBeUndefined()
  })
})

describe('POST /api/products/price-change', () => {
  const change = (payload: object) =>
    test.app.inject({ method: 'POST', url: '/api/products/price-change', payload, headers: staff })

  it('previews old and new prices rounded to 0,10 or 1 KM, then applies them with option prices', async () => {
    const brand = await insertBrand(test.db, 'Makita')
    const drill = await createProduct(test.db, {
      customId: 'PC-1',
      name: 'Bušilica',
      categoryId,
      brandId: brand,
      price: 99.9,
      discountPrice: 89.9,
      stock: 1,
    })
    await createProduct(test.db, {
      customId: 'PC-2',
      name: 'Brusilica',
      categoryId,
      brandId: brand,
      price: 50,
      options: [
        { size: '115 mm', stock: 1 },
        { size: '125 mm', stock: 1, price: 55.55 },
      ],
    })
    const preview = json<PriceChangeResult>(
      await change({ percent: 7, brandId: brand, rounding: '0.10', dryRun: true }),
    )
    expect(preview).toMatchObject({ dryRun: true, products: 2, changed: 3, skipped: 0 })
    expect(
      preview.lines.map((line) => [line.code, line.size, line.oldPrice, line.newPrice, line.newDiscountPrice]),
    ).toEqual([
      ['PC-2', null, 50, 53.5, null],
      ['PC-2', '125 mm', 55.55, 59.4, null],
      ['PC-1', null, 99.9, 106.9, 96.2],
    ])
    expect((await productByCode('PC-1'))!.price).toBe(99.9)

    const whole = json<PriceChangeResult>(await change({ percent: -10, ids: [drill], rounding: '1', dryRun: true }))
    expect(whole.lines[0]).toMatchObject({ newPrice: 90, newDiscountPrice: 81 })

    const applied = json<PriceChangeResult>(
      await change({ percent: 7, brandId: brand, rounding: '0.10', dryRun: false }),
    )
    expect(applied).toMatchObject({ dryRun: false, changed: 3 })
    expect(await productByCode('PC-1')).toMatchObject({ price: 106.9, discount_price: 96.2 })
    const { rows } = await test.db.query(
      `select o.size, o.price from product_options o join products p on p.id = o.product_id where p.custom_id = 'PC-2' order by o.size`,
    )
    expect(rows).toEqual([
      { size: '115 mm', price: null },
      { size: '125 mm', price: 59.4 },
    ])
    const { rows: audits } = await test.db.query(`select action from audit_log where action = 'price-change'`)
    expect(audits).toHaveLength(1)
  })

  it('skips a product whose discount would no longer be below the price', async () => {
    const id = await createProduct(test.db, {
      customId: 'PC-3',
      name: 'Turpija',
      categoryId,
      price: 1.04,
      discountPrice: 1,
      stock: 1,
    })
    const preview = json<PriceChangeResult>(await change({ percent: -1, ids: [id], rounding: '0.10', dryRun: false }))
    expect(preview.lines[0]).toMatchObject({ newPrice: 1, newDiscountPrice: 1, skipped: text.discountNotBelowPrice })
    expect(await productByCode('PC-3')).toMatchObject({ price: 1.04 })
  })

  it('skips a price that would fall below its floor, naming the floor, and changes the others', async () => {
    const floored = await createProduct(test.db, { customId: 'PC-4', name: 'Pila', categoryId, price: 10, stock: 1 })
    await test.db.query('update products set price_floor = 9.5 where id = $1', [floored])
    const wholesale = await createProduct(test.db, {
      customId: 'PC-5',
      name: 'Kliješta',
      categoryId,
      price: 20,
      options: [{ size: 'Veliki', stock: 1, price: 20, discountPrice: 17, wholesalePrice: 16 }],
    })
    const free = await createProduct(test.db, { customId: 'PC-6', name: 'Metar', categoryId, price: 10, stock: 1 })
    const ids = [floored, wholesale, free]
    const preview = json<PriceChangeResult>(await change({ percent: -10, ids, rounding: '0.10', dryRun: true }))
    const skipped = Object.fromEntries(preview.lines.map((line) => [`${line.code} ${line.size ?? ''}`, line.skipped]))
    expect(skipped).toEqual({
      'PC-4 ': format(productText.priceBelowFloor, { floor: '9,50 KM' }),
      'PC-5 ': null,
      // 17 -> 15,30 below the option's wholesale 16 -> 14,40: allowed; the wholesale moves with it.
      'PC-5 Veliki': null,
      'PC-6 ': null,
    })

    await test.db.query('update products set price_floor = 15.5 where id = $1', [wholesale])
    const applied = json<PriceChangeResult>(await change({ percent: -10, ids, rounding: '0.10', dryRun: false }))
    expect(applied.lines.find((line) => line.size === 'Veliki')!.skipped).toBe(
      format(productText.optionDiscountPriceBelowFloor, { floor: '15,50 KM', size: 'Veliki' }),
    )
    expect(await productByCode('PC-4')).toMatchObject({ price: 10 })
    expect(await productByCode('PC-6')).toMatchObject({ price: 9 })
    const { rows } = await test.db.query(
      `select o.price from product_options o join products p on p.id = o.product_id where p.custom_id = 'PC-5'`,
    )
    expect(rows).toEqual([{ price: 20 }])
  })

  it.each([
    [{ percent: 0, rounding: '1' }, text.percentInvalid],
    [{ percent: -95, rounding: '1' }, text.percentInvalid],
    [{ percent: 5, rounding: '0.5' }, text.roundingInvalid],
  ])('refuses %j', async (payload, message) => {
    expectValidationFailed(await change(payload), message)
  })
})
