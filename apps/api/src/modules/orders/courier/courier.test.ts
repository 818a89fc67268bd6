import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { STAFF_ROUTE_ACCESS, json, signInAs } from '../../../../test/helpers.ts'
import { useSignInAs } from '../../../../test/support/use-test-app.ts'
import { auditRows, multipart } from '../../catalogue/test-fixtures.ts'
import { DELIVERY_ADDRESS, useOrderTestApp, createProduct, placeOrder as placeOrderThrough } from '../test-fixtures.ts'

// docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's shipment file, tracking
// numbers (one by one and imported), the courier settings and the cash-on-delivery payout import.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })
const manager = useSignInAs(test, 'store_manager')

type Order = {
  id: string
  status: string
  total: number
  documentNumber: string | null
  trackingNumber: string
  trackingUrl: string
  paidAt: string | null
}
type Row = { row: number; reference: string; orderId: string | null }
type PayoutReport = {
  message: string
  changed: number
  paid: Row[]
  alreadyPaid: (Row & { paidAt: string })[]
  amountDiffers: (Row & { expected: number; amount: number })[]
  unknown: Row[]
  unpaidAfterDays: number
  overdue: { orderId: string; days: number; shippedAt: string }[]
}
type TrackingReport = {
  message: string
  changed: number
  matched: (Row & { trackingNumber: string; isChanged: boolean })[]
  unmatched: Row[]
}

async function placeOrder(shipping = 'courier', fullName = 'Đurđica Šimić-Žužić') {
  const product = await createProduct(test.db, { stock: 100, price: 45.5 })
  return placeOrderThrough<Order>(test, [{ product, quantity: 2 }], { address: { full_name: fullName }, shipping })
}

const setStatus = (id: string, status: string) =>
  test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers: manager })

async function confirmed(shipping = 'courier', fullName?: string) {
  const order = await placeOrder(shipping, fullName)
  return json<Order>(await setStatus(order.id, 'processing'))
}

const exportCsv = (ids: string[], headers = manager) =>
  test.app.inject({ method: 'POST', url: '/api/orders/shipments.csv', payload: { ids }, headers })
const putTracking = (id: string, trackingNumber: unknown, headers = manager) =>
  test.app.inject({ method: 'PUT', url: `/api/orders/${id}/tracking`, payload: { trackingNumber }, headers })
const upload = (url: string, content: string, headers = manager) => {
  const body = multipart([
    { field: 'file', filename: 'kurir.csv', contentType: 'text/csv', content: Buffer.from(content) },
  ])
  return test.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } })
}
const importTracking = (content: string, headers = manager) => upload('/api/orders/tracking-import', content, headers)
const importPayouts = (content: string, headers = manager) => upload('/api/orders/cod-payouts', content, headers)
const saveSettings = (payload: object, headers = manager) =>
  test.app.inject({ method: 'PUT', url: '/api/settings/courier', payload, headers })
const getOrder = async (id: string) =>
  json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: manager }))

const SETTINGS = {
  trackingUrls: { courier: 'https://brza-posta.ba/pracenje?broj={broj}' },
  defaultTrackingUrl: 'https://kurir.ba/p/{broj}',
  unpaidAfterDays: 10,
}

/** The file's rows without the byte order mark, split into cells. */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'))
}

describe('roles', () => {
  it.each(STAFF_ROUTE_ACCESS)('%s on the courier routes answers %i', async (role, status) => {
    const order = await confirmed()
    const headers = await signInAs(test, role)
    expect((await exportCsv([order.id], headers)).statusCode).toBe(status)
    expect((await putTracking(order.id, 'AB1', headers)).statusCode).toBe(status)
    expect((await importTracking(`${order.documentNumber};AB1\n`, headers)).statusCode).toBe(status)
    expect((await importPayouts(`X-1;1,00;01.01.2026\n`, headers)).statusCode).toBe(status)
    expect((await test.app.inject({ method: 'GET', url: '/api/settings/courier', headers })).statusCode).toBe(status)
    expect((await saveSettings(SETTINGS, headers)).statusCode).toBe(status)
  })
})

describe('shipment export', () => {
  it('answers the courier CSV: BOM, ";" separator, decimal comma, one row per order in the layout of docs/decisions.md, audited', async () => {
    const a = await confirmed('courier', 'Đurđica Šimić; "Žužić"')
    const b = await confirmed()
    const response = await exportCsv([a.id, b.id])
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="kurir-2-posiljki.csv"')
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const [header, first, second] = response.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toBe(
      'Referenca;Primatelj;Telefon;Ulica i broj;Poštanski broj;Mjesto;Broj paketa;Težina (kg);Otkupnina (KM);Napomena',
    )
    // A name with ';' and quotes is one quoted cell.
    expect(first).toContain('"Đurđica Šimić; ""Žužić"""')
    const cells = csvRows(response.body)[2]!
    expect(second).toBe(cells.join(';'))
    expect(cells).toEqual([
      b.documentNumber,
      'Đurđica Šimić-Žužić',
      DELIVERY_ADDRESS.phone_number,
      DELIVERY_ADDRESS.street_address,
      DELIVERY_ADDRESS.zip_code,
      DELIVERY_ADDRESS.city,
      '1',
      '',
      b.total.toFixed(2).replace('.', ','),
      `Narudžba #${b.id.slice(0, 8)}, artikala: 2`,
    ])
    const audit = await auditRows(test.db, 'order', b.id)
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'order.shipment_exported' })]))

    // The parcel's weight kept at checkout goes in its column with a decimal comma; unknown stays empty.
    await test.db.query('update orders set weight_kg = 12.4 where id = $1', [b.id])
    expect(csvRows((await exportCsv([b.id])).body)[1]![7]).toBe('12,400')
  })

  it('refuses orders without a document number with 409 naming them, and unknown ids with 404', async () => {
    const pending = await placeOrder()
    const ok = await confirmed()
    const refused = await exportCsv([ok.id, pending.id])
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({
      code: 'SHIPMENT_NOT_NUMBERED',
      message: `Narudžbe bez broja dokumenta ne mogu ići kuriru: #${pending.id.slice(0, 8)}. Najprije ih potvrdite (status „U obradi”).`,
    })
    expect((await exportCsv([randomUUID()])).statusCode).toBe(404)
    const empty = await exportCsv([])
    expect(empty.statusCode).toBe(400)
    expect(json(empty).message).toBe('Odaberite barem jednu narudžbu.')
  })
})

describe('tracking numbers', () => {
  it('stores the number with the courier link of the order\'s shipping option, audited, and clears it with ""', async () => {
    expect((await saveSettings(SETTINGS)).statusCode).toBe(200)
    const order = await confirmed()
    const saved = json<Order>(await putTracking(order.id, ' CE123456789BA '))
    expect(saved).toMatchObject({
      trackingNumber: 'CE123456789BA',
      trackingUrl: 'https://brza-posta.ba/pracenje?broj=CE123456789BA',
    })
    expect((await getOrder(order.id)).trackingNumber).toBe('CE123456789BA')
    const audit = await auditRows(test.db, 'order', order.id)
    expect(audit.at(-1)).toMatchObject({
      action: 'order.tracking',
      before: { trackingNumber: '' },
      after: { trackingNumber: 'CE123456789BA' },
    })
    // An order sent by another option takes the default pattern.
    const local = await confirmed('local')
    expect(json<Order>(await putTracking(local.id, 'L 77/1')).trackingUrl).toBe('https://kurir.ba/p/L%2077%2F1')
    expect(json<Order>(await putTracking(order.id, ''))).toMatchObject({ trackingNumber: '', trackingUrl: '' })
  })

  it('refuses a bad number in Bosnian and an unknown order with 404', async () => {
    const order = await confirmed()
    for (const bad of ['<b>1</b>', '1'.repeat(41), 12]) {
      const response = await putTracking(order.id, bad)
      expect(response.statusCode).toBe(400)
      expect(json(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Broj pošiljke smije imati najviše 40 znakova: slova, brojke, razmak, - i /',
      })
    }
    expect((await putTracking(randomUUID(), 'A1')).statusCode).toBe(404)
    expect((await putTracking('nije-id', 'A1')).statusCode).toBe(404)
  })

  it('shows the number and its link in the status mail of a shipped order', async () => {
    await saveSettings(SETTINGS)
    const order = await confirmed()
    await putTracking(order.id, 'CE1BA')
    expect((await setStatus(order.id, 'shipped')).statusCode).toBe(200)
    const { rows } = await test.db.query<{ text_body: string; html_body: string }>(
      `select text_body, html_body from outbox where kind = 'order_status' order by id desc limit 1`,
    )
    expect(rows[0]!.text_body).toContain('Broj pošiljke: CE1BA')
    expect(rows[0]!.html_body).toContain('https://brza-posta.ba/pracenje?broj=CE1BA')
  })
})

describe('tracking import', () => {
  it('sets numbers by document number and reports the rows that name no order', async () => {
    const a = await confirmed()
    const b = await confirmed()
    const file = `\uFEFFReferenca;Broj pošiljke\r\n${a.documentNumber};CE1\r\n2020-999999;CE2\r\n${b.documentNumber?.toLowerCase()};CE3\r\n`
    const response = await importTracking(file)
    expect(response.statusCode, response.body).toBe(200)
    const report = json<TrackingReport>(response)
    expect(report.changed).toBe(2)
    expect(report.matched.map((row) => [row.row, row.orderId, row.trackingNumber])).toEqual([
      [2, a.id, 'CE1'],
      [4, b.id, 'CE3'],
    ])
    expect(report.unmatched).toEqual([expect.objectContaining({ row: 3, reference: '2020-999999', orderId: null })])
    expect(report.message).toBe('Upisano brojeva pošiljki: 2; već upisanih: 0; bez narudžbe: 1.')
    expect((await getOrder(b.id)).trackingNumber).toBe('CE3')
  })

  it('answers 400 naming the row and column of a bad cell and applies nothing', async () => {
    const a = await confirmed()
    const response = await importTracking(`${a.documentNumber};CE1\n${a.documentNumber};<script>\n`)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({
      code: 'CSV_INVALID',
      message: 'Red 2, kolona 2 (broj pošiljke): najviše 40 znakova: slova, brojke, razmak, - i /. Ništa nije uvezeno.',
    })
    expect((await getOrder(a.id)).trackingNumber).toBe('')
    const missing = await importTracking(`${a.documentNumber};CE1\n;CE2\n`)
    expect(json(missing).message).toBe('Red 2, kolona 1 (referenca): vrijednost nedostaje. Ništa nije uvezeno.')
    expect(json(await importTracking('\uFEFF\r\n')).message).toBe('CSV datoteka je prazna.')
    const noFile = await test.app.inject({
      method: 'POST',
      url: '/api/orders/tracking-import',
      ...multipart([], { note: 'x' }),
      headers: { ...manager, ...multipart([], { note: 'x' }).headers },
    })
    expect(noFile.statusCode).toBe(400)
  })
})

describe('courier settings', () => {
  it('keeps the patterns and the days, lists the couriers, and refuses a pattern without {broj}', async () => {
    const saved = await saveSettings(SETTINGS)
    expect(json(saved)).toMatchObject({
      ...SETTINGS,
      couriers: [
        { id: 'courier', name: 'Brza pošta' },
        { id: 'express', name: 'Ekspres' },
        { id: 'local', name: 'Lokalna dostava' },
      ],
    })
    const bad = await saveSettings({ ...SETTINGS, defaultTrackingUrl: 'https://kurir.ba/p/' })
    expect(bad.statusCode).toBe(400)
    expect(json(bad).message).toBe(
      'Unesite adresu koja počinje s https:// ili http:// i sadrži {broj}, ili ostavite prazno.',
    )
    expect(json(await saveSettings({ ...SETTINGS, defaultTrackingUrl: 'javascript:{broj}' })).message).toBe(
      'Unesite adresu koja počinje s https:// ili http:// i sadrži {broj}, ili ostavite prazno.',
    )
    expect(json(await saveSettings({ ...SETTINGS, unpaidAfterDays: 0 })).message).toBe(
      'Unesite cijeli broj dana od 1 do 365.',
    )
    const audit = await auditRows(test.db, 'settings', 'courier')
    expect(audit.length).toBeGreaterThan(0)
  })
})

describe('cash-on-delivery payouts', () => {
  it('round trip: export, tracking import by reference, payout import by tracking number, paidAt set; a re-import changes nothing', async () => {
    await saveSettings(SETTINGS)
    const order = await confirmed()
    const other = await confirmed()
    const exported = csvRows((await exportCsv([order.id, other.id])).body)
    const [, first, second] = exported
    // The courier's answer: its numbers against our references.
    const tracking = await importTracking(
      `${first![0]};PK${order.id.slice(0, 6)}\n${second![0]};PK${other.id.slice(0, 6)}\n`,
    )
    expect(json<TrackingReport>(tracking).changed).toBe(2)
    await setStatus(order.id, 'shipped')
    // The payout: the amount as the export gave it (decimal comma), by tracking number and by reference.
    const file = `Referenca;Iznos;Datum\npk${order.id.slice(0, 6)};${first![8]};05.03.2026.\n${second![0]};1,00;2026-03-05\nNEPOZNATO-1;12,00;05.03.2026\n`
    const response = await importPayouts(file)
    expect(response.statusCode, response.body).toBe(200)
    const report = json<PayoutReport>(response)
    expect(report.changed).toBe(1)
    expect(report.paid).toEqual([expect.objectContaining({ row: 2, orderId: order.id })])
    expect(report.amountDiffers).toEqual([
      expect.objectContaining({ row: 3, orderId: other.id, amount: 1, expected: other.total }),
    ])
    expect(report.unknown).toEqual([expect.objectContaining({ row: 4, reference: 'NEPOZNATO-1', orderId: null })])
    expect(report.message).toBe('Označeno plaćenim: 1; već plaćenih: 0; razlika u iznosu: 1; nepoznato: 1.')
    expect((await getOrder(order.id)).paidAt).toBe('2026-03-05')
    expect((await getOrder(other.id)).paidAt).toBeNull()
    expect((await auditRows(test.db, 'order', order.id)).at(-1)).toMatchObject({
      action: 'order.cod_paid',
      after: { paidAt: '2026-03-05', amount: order.total },
    })

    const again = json<PayoutReport>(await importPayouts(file))
    expect(again.changed).toBe(0)
    expect(again.alreadyPaid).toEqual([expect.objectContaining({ orderId: order.id, paidAt: '2026-03-05' })])
    expect(again.message).toBe(
      'Ova datoteka je već uvezena: ništa nije promijenjeno. Označeno plaćenim: 0; već plaćenih: 1; razlika u iznosu: 1; nepoznato: 1.',
    )
    const cod = (await auditRows(test.db, 'order', order.id)).filter((row) => row.action === 'order.cod_paid')
    expect(cod).toHaveLength(1)
  })

  it('lists shipped orders still unpaid after the days staff set', async () => {
    await saveSettings({ ...SETTINGS, unpaidAfterDays: 3 })
    const late = await confirmed()
    await setStatus(late.id, 'shipped')
    await test.db.query(
      `update order_status_history set changed_at = now() - interval '5 days' where order_id = $1 and status = 'shipped'`,
      [late.id],
    )
    const fresh = await confirmed()
    await setStatus(fresh.id, 'shipped')
    const report = json<PayoutReport>(await importPayouts('NEPOZNATO-2;1,00;01.03.2026\n'))
    expect(report.unpaidAfterDays).toBe(3)
    const overdueIds = report.overdue.map((row) => row.orderId)
    expect(overdueIds).toContain(late.id)
    expect(overdueIds).not.toContain(fresh.id)
    expect(report.overdue.find((row) => row.orderId === late.id)?.days).toBeGreaterThanOrEqual(5)
  })

  it('answers 400 naming the row and column of a bad amount or date and marks nothing paid', async () => {
    const order = await confirmed()
    const amountText = order.total.toFixed(2).replace('.', ',')
    const badAmount = await importPayouts(`${order.documentNumber};${amountText};01.03.2026\nX-2;12,345;01.03.2026\n`)
    expect(badAmount.statusCode).toBe(400)
    expect(json(badAmount)).toMatchObject({
      code: 'CSV_INVALID',
      message:
        'Red 2, kolona 2 (iznos): iznos mora biti broj s najviše dvije decimale, npr. 123,45. Ništa nije uvezeno.',
    })
    const badDate = await importPayouts(`${order.documentNumber};${amountText};31.02.2026\n`)
    expect(json(badDate).message).toBe(
      'Red 1, kolona 3 (datum): datum mora biti u obliku 31.12.2026 ili 2026-12-31. Ništa nije uvezeno.',
    )
    const noDate = await importPayouts(`${order.documentNumber};${amountText}\n`)
    expect(json(noDate).message).toBe('Red 1, kolona 3 (datum): vrijednost nedostaje. Ništa nije uvezeno.')
    expect((await getOrder(order.id)).paidAt).toBeNull()
  })
})
