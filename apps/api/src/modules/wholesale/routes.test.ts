import { beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../../test/support/pdf-text.ts'
import { CATALOGS } from '@shop/shared/messages/bs/wholesale.ts'
import { signInAs } from '../../../test/helpers.ts'
import { bumpCatalogueVersion } from '../../platform/catalogue-version.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'

const test = useTestApp()
beforeAll(async () => {
  const { rows } = await test.db.query<{ id: string }>(
    `insert into categories (name) values ('Suncobrani'), ('Vrt'), ('Kućanstvo') returning id`,
  )
  const [parasols, garden, household] = rows.map((row) => row.id)
  const { rows: products } = await test.db.query<{ id: string }>(
    `insert into products (custom_id, name, price, wholesale_price, category_id) values
       ('SUN-300', 'Suncobran Čađa (300 cm)', 249.9, 199, $1),
       ('VRT-1', 'Grablje željezne', 1234.5, null, $2),
       ('KUC-7', 'Kanta za smeće', 19.5, 15.25, $3)
     returning id`,
    [parasols, garden, household],
  )
  await test.db.query(
    `insert into product_options (product_id, position, size, custom_id, price, wholesale_price)
     values ($1, 0, '10 l', 'KUC-7-10', null, null), ($1, 1, '20 l', 'KUC-7-20', 24.9, 20)`,
    [products[2]!.id],
  )
})

const get = (file: string, headers: Record<string, string> = {}) =>
  test.app.inject({ url: `/api/catalogs/${file}`, headers })
/** The text a person's viewer shows (pdftotext). */
const shownText = (pdf: Buffer) => pdfText(pdf)

describe('GET /api/catalogs/{file}', () => {
  it('answers each of the seven catalogues as a PDF attachment', async () => {
    for (const { file } of CATALOGS) {
      const response = await get(file)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"`)
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(response.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)
    }
  })

  it('shows wholesale prices only to wholesale customers and staff, as everywhere else', async () => {
    for (const role of ['anonymous', 'user'] as const) {
      const retail = shownText((await get('suncobrani.pdf', await signInAs(test, role))).rawPayload)
      expect(retail).toContain('249,90 KM')
      expect(retail).not.toContain('199,00 KM')
      expect(retail).not.toContain('VELEPRODAJA')
      expect(retail).toContain('Veleprodajne cijene vidljive su prijavljenim veleprodajnim kupcima.')
    }
    for (const role of ['wholesale', 'store_manager', 'admin'] as const) {
      const full = shownText((await get('suncobrani.pdf', await signInAs(test, role))).rawPayload)
      expect(full).toContain('249,90 KM')
      expect(full).toContain('199,00 KM')
      expect(full).not.toContain('Veleprodajne cijene vidljive')
    }
  })

  it('lists the products of the catalogue categories with codes, prices and options, Bosnian letters intact', async () => {
    const wholesale = await signInAs(test, 'wholesale')
    const garden = shownText((await get('vrt-kucanstvo.pdf', wholesale)).rawPayload)
    expect(garden).toContain('Vrt i kućanstvo')
    expect(garden).toContain('Grablje željezne')
    expect(garden).toContain('VRT-1')
    expect(garden).toContain('1.234,50 KM')
    expect(garden).toContain('Kanta za smeće')
    // Options: their own code and prices, or the product's when they have none.
    expect(garden).toContain('– 10 l')
    expect(garden).toContain('KUC-7-10')
    expect(garden).toContain('15,25 KM')
    expect(garden).toContain('24,90 KM')
    expect(garden).not.toContain('Suncobran')

    const parasols = shownText((await get('suncobrani.pdf', wholesale)).rawPayload)
    expect(parasols).toContain('Suncobran Čađa (300 cm)')
    expect(parasols).toContain('199,00 KM')
    expect(parasols).not.toContain('Grablje')

    const empty = shownText((await get('stolice-stolovi.pdf')).rawPayload)
    expect(empty).toContain('Trenutno nema proizvoda u ovom katalogu.')
  })

  it('lists the lowest price a wholesale customer pays, starred when a sale undercuts wholesale', async () => {
    const { rows } = await test.db.query<{ id: string }>(
      `insert into products (custom_id, name, price, discount_price, wholesale_price, category_id, has_sizes)
       select 'AKC-1', 'Lonac na akciji', 49.9, 37.43, 39.92, id, false from categories where name = 'Kućanstvo'
       union all
       select 'AKC-2', 'Zdjela s opcijama', 80, null, null, id, true from categories where name = 'Kućanstvo'
       returning id`,
    )
    await test.db.query(
      `insert into product_options (product_id, position, size, custom_id, price, discount_price, wholesale_price)
       values ($1, 0, 'Mala', 'AKC-2-Mala', 60, 45, 48), ($1, 1, 'Velika', 'AKC-2-Velika', 90, null, 70)`,
      [rows[1]!.id],
    )
    await bumpCatalogueVersion(test.db)

    const full = shownText((await get('vrt-kucanstvo.pdf', await signInAs(test, 'wholesale'))).rawPayload)
    // The public column shows today's price (the sale), the wholesale column the lower of the two.
    expect(full).toContain('37,43 KM')
    expect(full).toContain('* 37,43 KM')
    expect(full).not.toContain('39,92 KM')
    expect(full).toContain('* 45,00 KM')
    expect(full).not.toContain('48,00 KM')
    expect(full).toContain('70,00 KM')
    expect(full).not.toContain('* 70,00 KM')
    expect(full).toContain('* Akcijska ili redovna cijena niža je od veleprodajne i vrijedi i za veleprodajne kupce.')

    const retail = shownText((await get('vrt-kucanstvo.pdf')).rawPayload)
    expect(retail).toContain('37,43 KM')
    expect(retail).not.toContain('* ')
    expect(retail).not.toContain('49,90 KM')
  })

  it('writes a cross-reference table whose offsets point at the objects', async () => {
    const pdf = (await get('suncobrani.pdf')).rawPayload.toString('latin1')
    const start = Number(/startxref\n(\d+)/.exec(pdf)?.[1])
    expect(pdf.slice(start, start + 4)).toBe('xref')
    const offsets = [...pdf.slice(start).matchAll(/^(\d{10}) 00000 n ?$/gm)].map((match) => Number(match[1]))
    expect(offsets.length).toBeGreaterThan(5)
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true))
  })

  it('makes the PDF again after a staff write bumps the catalogue generation', async () => {
    const before = shownText((await get('suncobrani.pdf')).rawPayload)
    await test.db.query(`update products set name = 'Suncobran Đir' where custom_id = 'SUN-300'`)
    await bumpCatalogueVersion(test.db)
    const after = shownText((await get('suncobrani.pdf')).rawPayload)
    expect(before).toContain('Suncobran Čađa')
    expect(after).toContain('Suncobran Đir')
  })

  it('refuses unknown names and path traversal with a JSON 404', async () => {
    for (const file of [
      'nepostojeci.pdf',
      'suncobrani',
      'SUNCOBRANI.PDF',
      '..%2F..%2Fpackage.json',
      '..%2Fsuncobrani.pdf',
      '%2Fetc%2Fpasswd',
    ]) {
      const response = await get(file)
      expect({ file, status: response.statusCode }).toEqual({ file, status: 404 })
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toMatchObject({ code: 'CATALOG_NOT_FOUND', message: 'Katalog nije pronađen.' })
    }
    // A NUL byte is refused before any route runs (platform/input-guard.ts: text PostgreSQL cannot store).
    const nul = await get('suncobrani.pdf%00.txt')
    expect(nul.statusCode).toBe(400)
    expect(nul.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unos sadrži nedozvoljene znakove.' })
    // A path with real segments never reaches the route.
    expect((await test.app.inject({ url: '/api/catalogs/../../package.json' })).headers['content-type']).not.toBe(
      'application/pdf',
    )
  })
})
