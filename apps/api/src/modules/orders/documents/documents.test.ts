import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { json, signInAs } from '../../../../test/helpers.ts'
import { pdfPageCount, pdfText } from '../../../../test/support/pdf-text.ts'
import { useSignInAs } from '../../../../test/support/use-test-app.ts'
import { auditRows } from '../../catalogue/test-fixtures.ts'
import {
  useOrderTestApp,
  createProduct,
  placeOrder as placeOrderThrough,
  type CreatedProduct,
  type OrderLine,
} from '../test-fixtures.ts'
import { EXAMPLE_TAX_FACTS as TAX_FACTS } from './test-fixtures.ts'
import { saveSettings } from '../../../../test/support/record-version.ts'

// docs/decisions.md, 'Invoices and packing slips': document numbers, the company's tax facts, the
// fiscal receipt number and the printed PDFs, read back with pdftotext as a person's viewer shows them.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')
const customer = useSignInAs(test, 'user')

type Order = { id: string; status: string; total: number; documentNumber: string | null; fiscalReceiptNumber: string }

const placeOrder = (lines: OrderLine[], shipping = 'courier') =>
  placeOrderThrough<Order>(test, lines, { address: { full_name: 'Đurđica Šimić-Žužić' }, shipping })

const setStatus = (id: string, status: string, headers = manager) =>
  test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers })
const invoice = (id: string, headers = manager) =>
  test.app.inject({ method: 'GET', url: `/api/orders/${id}/invoice.pdf`, headers })
const packingSlip = (id: string, headers = manager) =>
  test.app.inject({ method: 'GET', url: `/api/orders/${id}/packing-slip.pdf`, headers })
const typeFiscalReceipt = (id: string, fiscalReceiptNumber: string) =>
  test.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/fiscal-receipt`,
    payload: { fiscalReceiptNumber },
    headers: manager,
  })
const bulk = (payload: object, headers = manager) =>
  test.app.inject({ method: 'POST', url: '/api/orders/documents', payload, headers })
const saveTaxFacts = (payload: object, headers = manager) =>
  saveSettings(test, { method: 'PUT', url: '/api/settings/tax-facts', key: 'tax_facts' }, payload, headers)

/** 1.234,50 as a number. */
const amount = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'))

async function confirmed(lines: { product: CreatedProduct; quantity: number; size?: string }[], shipping = 'courier') {
  const order = await placeOrder(lines, shipping)
  const response = await setStatus(order.id, 'processing')
  expect(response.statusCode).toBe(200)
  return json<Order>(response)
}

describe('document numbers', () => {
  it('numbers orders in sequence as they leave pending, keeps the number through cancel and undo, and never reuses one', async () => {
    const product = await createProduct(test.db, { stock: 100 })
    const first = await placeOrder([{ product, quantity: 1 }])
    expect(first.documentNumber).toBeNull()
    const a = json<Order>(await setStatus(first.id, 'processing'))
    expect(a.documentNumber).toMatch(/^\d{4}-\d{6}$/)
    const [year, sequence] = a.documentNumber!.split('-')
    const b = await confirmed([{ product, quantity: 1 }])
    expect(b.documentNumber).toBe(`${year}-${String(Number(sequence) + 1).padStart(6, '0')}`)

    // A later move, a cancel and a reopening keep the number; no new one is drawn.
    expect(json<Order>(await setStatus(a.id, 'shipped')).documentNumber).toBe(a.documentNumber)
    expect(json<Order>(await setStatus(a.id, 'cancelled')).documentNumber).toBe(a.documentNumber)
    expect(json<Order>(await setStatus(a.id, 'processing')).documentNumber).toBe(a.documentNumber)
    // Undone back to pending, the order keeps its number and takes none the next time it leaves.
    const c = await confirmed([{ product, quantity: 1 }])
    const undone = await test.app.inject({ method: 'POST', url: `/api/orders/${c.id}/status/undo`, headers: manager })
    expect(json<Order>(undone)).toMatchObject({ status: 'pending', documentNumber: c.documentNumber })
    expect(json<Order>(await setStatus(c.id, 'processing')).documentNumber).toBe(c.documentNumber)
    const d = await confirmed([{ product, quantity: 1 }])
    expect(Number(d.documentNumber!.split('-')[1])).toBe(Number(c.documentNumber!.split('-')[1]) + 1)
  })

  it('gives no number to an order cancelled while pending', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    expect(json<Order>(await setStatus(order.id, 'cancelled')).documentNumber).toBeNull()
  })

  it('shows the number to the customer, in the status mail, and finds the order by it in the staff list', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await confirmed([{ product, quantity: 1 }])
    const number = order.documentNumber!
    const read = json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` }))
    expect(read.documentNumber).toBe(number)
    const { rows } = await test.db.query<{ text_body: string; html_body: string }>(
      `select text_body, html_body from outbox where kind = 'order_status' order by id desc limit 1`,
    )
    expect(rows[0]!.text_body).toContain(`Broj dokumenta: ${number}`)
    expect(rows[0]!.html_body).toContain(`Broj dokumenta: ${number}`)
    for (const search of [number, number.replace(/-0+/, '-')]) {
      const list = json<{ data: Order[] }>(
        await test.app.inject({ url: `/api/orders?search=${encodeURIComponent(search)}`, headers: manager }),
      )
      expect(list.data.map((entry) => entry.id)).toEqual([order.id])
    }
  })
})

describe('company tax facts', () => {
  it('are empty with 17 % PDV until saved, then saved whole and audited', async () => {
    const before = json(await test.app.inject({ url: '/api/settings/tax-facts', headers: manager }))
    expect(before).toMatchObject({ isComplete: false, vatRate: 17 })
    const saved = await saveTaxFacts({ ...TAX_FACTS, idNumber: '4227 1234 5000 8' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(json(saved)).toMatchObject({ ...TAX_FACTS, isComplete: true })
    expect(json(await test.app.inject({ url: '/api/settings/tax-facts', headers: admin }))).toMatchObject(TAX_FACTS)
    const audit = await auditRows(test.db, 'settings', 'tax_facts')
    expect(audit.at(-1)).toMatchObject({ after: TAX_FACTS })
  })

  it.each([
    ['idNumber', '12345', 'ID broj (JIB/IDB) mora imati tačno 13 cifara'],
    ['vatNumber', '12345', 'PDV broj mora imati tačno 12 cifara'],
    ['bankAccount', '12345', 'Broj računa mora biti IBAN (BA i 18 cifara) ili 16-cifreni broj računa u BiH'],
    ['bankAccount', 'BA381290079401028494', 'IBAN nije ispravan: kontrolni broj se ne slaže'],
    ['vatRate', 150, 'Stopa PDV-a mora biti broj od 0 do 100, s najviše dvije decimale'],
    ['legalName', '', 'Puni naziv firme je obavezan'],
    ['address', '', 'Adresa firme je obavezna'],
    ['city', '', 'Poštanski broj i mjesto su obavezni'],
  ])('refuses %s %j with 400 and “%s”', async (field, value, message) => {
    const response = await saveTaxFacts({ ...TAX_FACTS, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })

  it('are for store managers and admins only', async () => {
    const wholesale = await signInAs(test, 'wholesale')
    for (const headers of [customer, wholesale]) {
      expect((await test.app.inject({ url: '/api/settings/tax-facts', headers })).statusCode).toBe(403)
      expect((await saveTaxFacts(TAX_FACTS, headers)).statusCode).toBe(403)
    }
    expect((await test.app.inject({ url: '/api/settings/tax-facts' })).statusCode).toBe(401)
  })
})

describe('invoice', () => {
  it('prints seller, buyer, number, lines with PDV taken out and totals that add up to the order total', async () => {
    await saveTaxFacts(TAX_FACTS)
    const drill = await createProduct(test.db, { name: 'Bušilica čekić Đakovo', customId: 'BSH-100', price: 19.99 })
    const cyrillic = await createProduct(test.db, {
      name: 'Ђурђевак Шљива Чај',
      customId: 'ЋИР-1',
      price: 7.77,
      options: [{ size: 'XXL', stock: 5 }],
    })
    const order = await confirmed([
      { product: drill, quantity: 3 },
      { product: cyrillic, quantity: 1, size: 'XXL' },
    ])
    const response = await invoice(order.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="racun-${order.documentNumber}.pdf"`)
    const text = pdfText(response.rawPayload)
    expect(text).toContain('RAČUN - OTPREMNICA')
    expect(text).toContain(`Broj: ${order.documentNumber}`)
    expect(text).toContain('Trgovina Sovići d.o.o.')
    expect(text).toContain('ID broj: 4227123450008')
    expect(text).toContain('PDV broj: 227123450008')
    expect(text).toContain('BA39 1290 0794 0102 8494')
    expect(text).toContain('Đurđica Šimić-Žužić')
    expect(text).toContain('Bušilica čekić Đakovo')
    expect(text).toContain('Ђурђевак Шљива Чај')
    expect(text).toContain('ЋИР-1')
    expect(text).toContain('pouzećem')
    expect(text).toContain('Reklamacije primamo u roku od 8 dana.')
    expect(text).toContain('Broj fiskalnog računa: ____')
    expect(text).not.toContain('STORNO')

    // 3 × 19.99 + 7.77 + 12.00 delivery = 79.74; PDV 17 % included: 79.74 × 17 / 117 = 11.586… = 11.59.
    expect(order.total).toBe(79.74)
    const base = amount(/Osnovica \(iznos bez PDV-a\)\s+([\d.,]+) KM/.exec(text)![1]!)
    const vat = amount(/PDV 17 %\s+([\d.,]+) KM/.exec(text)![1]!)
    const total = amount(/UKUPNO ZA NAPLATU POUZEĆEM\s+([\d.,]+) KM/.exec(text)![1]!)
    expect([base, vat, total]).toEqual([68.15, 11.59, 79.74])
    // The lines' last three columns (base, PDV, with PDV) add up to the totals.
    const rows = [...text.matchAll(/^\s*\d+\.\s.*?([\d.]+,\d\d)\s+([\d.]+,\d\d)\s+([\d.]+,\d\d)\s+([\d.]+,\d\d)\s*$/gm)]
    expect(rows).toHaveLength(3)
    const column = (index: number) => Math.round(rows.reduce((sum, row) => sum + amount(row[index]!) * 100, 0)) / 100
    expect([column(2), column(3), column(4)]).toEqual([68.15, 11.59, 79.74])
    expect(text).toMatch(/Dostava: Brza pošta\s+1\s+usl\./)
  })

  it('answers 409 for an order still pending, with the reason in Bosnian', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    const response = await invoice(order.id)
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      code: 'INVOICE_NOT_ISSUED',
      message: 'Narudžba na čekanju nema račun: najprije je potvrdite (promijenite status).',
    })
  })

  it('prints STORNO once the order is cancelled, and the fiscal receipt number staff typed', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await confirmed([{ product, quantity: 1 }])
    const typed = await typeFiscalReceipt(order.id, '004512/2026')
    expect(json<Order>(typed).fiscalReceiptNumber).toBe('004512/2026')
    expect(await auditRows(test.db, 'order', order.id)).toContainEqual(
      expect.objectContaining({ action: 'order.fiscal_receipt', after: { fiscalReceiptNumber: '004512/2026' } }),
    )
    await setStatus(order.id, 'cancelled')
    const text = pdfText((await invoice(order.id)).rawPayload)
    expect(text).toContain('STORNO')
    expect(text).toContain(`Broj: ${order.documentNumber}`)
    expect(text).toContain('Broj fiskalnog računa: 004512/2026')
  })

  it('refuses a fiscal receipt number with odd characters with 400', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await confirmed([{ product, quantity: 1 }])
    const response = await typeFiscalReceipt(order.id, '<b>1</b>')
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({
      message: 'Broj fiskalnog računa smije imati najviše 40 znakova: slova, brojke, razmak, - i /',
    })
  })
})

describe('packing slip', () => {
  it('lists code, name, option and quantity with a box to tick, the address and phone, and no prices', async () => {
    const product = await createProduct(test.db, { name: 'Šarafciger Ћ', customId: 'SRF-7', price: 12.5 })
    const order = await confirmed([{ product, quantity: 4 }])
    const response = await packingSlip(order.id)
    expect(response.statusCode).toBe(200)
    const text = pdfText(response.rawPayload)
    expect(text).toContain('OTPREMNICA - LISTA ZA PAKOVANJE')
    expect(text).toContain(`Uz račun broj: ${order.documentNumber}`)
    expect(text).toMatch(/1\.\s+SRF-7\s+Šarafciger Ћ\s+4/)
    expect(text).toContain('Kralja Tvrtka 1')
    expect(text).toContain('88000 Mostar')
    expect(text).toContain('+387 61 123 456')
    expect(text).toContain('Ukupno komada: 4')
    expect(text).not.toMatch(/KM|12,50|PDV/)
  })

  // docs/decisions.md, 'Product weights and shipping by weight'; the unloading rule is staff-and-content.md §9.
  it("prints each line's weight, the parcel's weight and, above 30 kg, that the buyer unloads", async () => {
    const cement = await createProduct(test.db, { name: 'Cement 25 kg', customId: 'CEM-25', stock: 20 })
    const gloves = await createProduct(test.db, { name: 'Rukavice', customId: 'RUK-1', stock: 20 })
    await test.db.query('update products set weight_kg = 25 where id = $1', [cement.id])
    await test.db.query('update products set weight_kg = 0.15 where id = $1', [gloves.id])
    const heavy = await confirmed([
      { product: cement, quantity: 2 },
      { product: gloves, quantity: 3 },
    ])
    const text = pdfText((await packingSlip(heavy.id)).rawPayload)
    expect(text).toMatch(/CEM-25\s+Cement 25 kg\s+2\s+50,000 kg/)
    expect(text).toMatch(/RUK-1\s+Rukavice\s+3\s+0,450 kg/)
    expect(text).toContain('Težina paketa: 50,450 kg')
    expect(text).toContain('Paket teži više od 30 kg: istovar obavlja kupac.')

    const light = await confirmed([{ product: gloves, quantity: 2 }])
    const lightText = pdfText((await packingSlip(light.id)).rawPayload)
    expect(lightText).toContain('Težina paketa: 0,300 kg')
    expect(lightText).not.toContain('istovar obavlja kupac')

    const unknown = await createProduct(test.db, { name: 'Bez težine', customId: 'BT-1', stock: 5 })
    const unweighed = await confirmed([{ product: unknown, quantity: 1 }])
    const unknownText = pdfText((await packingSlip(unweighed.id)).rawPayload)
    expect(unknownText).toContain('Težina paketa: nepoznata (neki proizvodi nemaju upisanu težinu)')
    expect(unknownText).toMatch(/BT-1\s+Bez težine\s+1\s+—/)
  })
})

describe('units of measure on the order', () => {
  it('keeps the unit of each line with the order and prints it on the invoice, the packing slip and the mail', async () => {
    const cable = await createProduct(test.db, { name: 'Kabel PP-Y', customId: 'KAB-1', price: 1.9, stock: 500 })
    const hammer = await createProduct(test.db, { name: 'Čekić', customId: 'CEK-1', price: 10, stock: 10 })
    await test.db.query(`update products set unit = 'm', no_line_limit = true where id = $1`, [cable.id])
    const order = await confirmed([
      { product: cable, quantity: 51 },
      { product: hammer, quantity: 2 },
    ])
    type Line = { name: string; unit: string }
    expect(
      json<{ products: Line[] }>(
        await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: manager }),
      ).products.map(({ name, unit }) => [name, unit]),
    ).toEqual([
      ['Kabel PP-Y', 'm'],
      ['Čekić', 'kom'],
    ])

    // The confirmation mail names the metres and the price per metre.
    const { rows: mails } = await test.db.query<{ text_body: string }>(
      `select text_body from outbox where kind = 'order_placed' and text_body like $1`,
      [`%${order.id.slice(0, 8)}%`],
    )
    expect(mails[0]?.text_body).toContain('- 51 m × Kabel PP-Y')
    expect(mails[0]?.text_body).toContain('à 1,90 KM / m = 96,90 KM')
    expect(mails[0]?.text_body).toContain('- 2 × Čekić')

    // A later change of the product's unit does not rewrite the order or its documents.
    await test.db.query(`update products set unit = 'kg' where id = $1`, [cable.id])
    const invoiceText = pdfText((await invoice(order.id)).rawPayload)
    expect(invoiceText).toMatch(/KAB-1\s+Kabel PP-Y\s+51\s+m\s/)
    expect(invoiceText).toMatch(/CEK-1\s+Čekić\s+2\s+kom\s/)
    const slipText = pdfText((await packingSlip(order.id)).rawPayload)
    expect(slipText).toMatch(/KAB-1\s+Kabel PP-Y\s+51 m/)
    // A coil of cable is one piece to pack, beside the two hammers.
    expect(slipText).toContain('Ukupno komada: 3')
  })
})

describe('bulk print and access', () => {
  it('prints the selection as one PDF in the order given, each invoice numbered on its own pages, audited', async () => {
    const product = await createProduct(test.db, { stock: 20 })
    const orders = [await confirmed([{ product, quantity: 1 }]), await confirmed([{ product, quantity: 2 }])]
    const response = await bulk({ ids: orders.map((order) => order.id).reverse(), kind: 'invoice' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="racuni-2.pdf"')
    expect(pdfPageCount(response.rawPayload)).toBe(2)
    const text = pdfText(response.rawPayload)
    expect(text.indexOf(orders[1]!.documentNumber!)).toBeLessThan(text.indexOf(orders[0]!.documentNumber!))
    expect(text.match(/Stranica 1 od 1/g)).toHaveLength(2)
    for (const order of orders) {
      expect(await auditRows(test.db, 'order', order.id)).toContainEqual(
        expect.objectContaining({ action: 'order.invoice_printed' }),
      )
    }
    const slips = await bulk({ ids: orders.map((order) => order.id), kind: 'packing-slip' })
    expect(pdfPageCount(slips.rawPayload)).toBe(2)
  })

  it('refuses invoices for pending orders in a selection by their numbers, and unknown orders with 404', async () => {
    const product = await createProduct(test.db, { stock: 20 })
    const done = await confirmed([{ product, quantity: 1 }])
    const pending = await placeOrder([{ product, quantity: 1 }])
    const refused = await bulk({ ids: [done.id, pending.id], kind: 'invoice' })
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({
      code: 'INVOICE_NOT_ISSUED',
      message: `Narudžbe na čekanju nemaju račun: #${pending.id.slice(0, 8)}. Najprije ih potvrdite.`,
    })
    expect((await bulk({ ids: [done.id, randomUUID()], kind: 'invoice' })).statusCode).toBe(404)
    expect((await invoice('nije-broj')).statusCode).toBe(404)
    const empty = await bulk({ ids: [], kind: 'invoice' })
    expect([empty.statusCode, json(empty).message]).toEqual([400, 'Odaberite barem jednu narudžbu.'])
  })

  it('lets store managers and admins print, and nobody else', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await confirmed([{ product, quantity: 1 }])
    const wholesale = await signInAs(test, 'wholesale')
    for (const headers of [customer, wholesale]) {
      expect((await invoice(order.id, headers)).statusCode).toBe(403)
      expect((await packingSlip(order.id, headers)).statusCode).toBe(403)
      expect((await bulk({ ids: [order.id], kind: 'invoice' }, headers)).statusCode).toBe(403)
    }
    expect((await invoice(order.id, {})).statusCode).toBe(401)
    expect((await invoice(order.id, admin)).statusCode).toBe(200)
  })
})
