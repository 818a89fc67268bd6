import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext } from './fixtures.ts'
import {
  createOwnProduct,
  downloadOf,
  expectNoAxeViolations,
  openAsStaff,
  pdfTextOf,
  placeGuestOrder,
  shoot,
  uniqueEmail,
  uniqueSuffix,
} from './support.ts'

// Orders admin as a working list (docs/decisions.md, 'Orders admin as a working list'): the store
// manager switches to the table, selects orders, changes their status in one go (one is refused and
// says why), prints their packing slips as one PDF, exports them for the courier, opens one order's
// card from its row, and does the same on a phone, where the bulk bar sits at the bottom.

/**
 * A product of the test's own and `place(letter, quantity)`: a guest's order of it by `<buyer> <suffix> <LETTER>`
 * (the e-mail `<code><letter>…`), so that a search for `<buyer> <suffix>` finds this test's orders only.
 */
async function guestOrdersOf(
  request: APIRequestContext,
  admin: { authorization: string },
  fields: { code: string; name: string; price: number; stock: number },
  buyer: string,
) {
  const suffix = uniqueSuffix()
  const product = await createOwnProduct(request, admin, { ...fields, suffix })
  const place = (letter: string, quantity: number) =>
    placeGuestOrder(request, {
      email: uniqueEmail(`${fields.code.toLowerCase()}${letter}`),
      productId: product.id,
      quantity,
      fullName: `${buyer} ${suffix} ${letter.toUpperCase()}`,
    })
  return { suffix, place }
}

test('staff select orders in the table, change their status in bulk, print their packing slips and export them', async ({
  page,
  request,
  adminHeaders: admin,
}) => {
  test.setTimeout(120_000)
  const glove = { code: 'LST', name: 'Radna rukavica', price: 24.5, stock: 7 }
  const { suffix, place } = await guestOrdersOf(request, admin, glove, 'Kupac')
  const picked = [await place('a', 1), await place('b', 1), await place('c', 1)]
  // An order cancelled whose stock another buyer took since: reopening it is refused.
  const blocked = await place('d', 4)
  const cancel = await request.patch(`/api/orders/${blocked.id}/status`, {
    headers: admin,
    data: { status: 'cancelled' },
  })
  expect(cancel.status()).toBe(200)
  await place('e', 4)
  const numberOf = (order: { id: string }) => order.id.slice(0, 8)

  await openAsStaff(page, '/admin/orders')
  const views = page.getByRole('group', { name: 'Prikaz narudžbi' })
  await views.getByRole('button', { name: 'Tablica' }).click()
  await expect(views.getByRole('button', { name: 'Tablica' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByLabel('Pretraži narudžbe').fill(`Kupac ${suffix}`)
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(5)
  await expect(page.getByRole('article')).toHaveCount(0)
  const row = (order: { id: string }) => page.locator(`tr[data-order-id="${order.id}"]`)
  await expect(row(picked[0]!)).toContainText(`Kupac ${suffix} A`)
  await expect(row(picked[0]!)).toContainText('88340 Grude')
  await expect(row(picked[0]!)).toContainText('Na čekanju')
  await expect(row(blocked)).toContainText('Otkazano')

  // Three orders and the blocked one, into 'U obradi' at once, after a question.
  for (const order of [...picked, blocked])
    await page.getByRole('checkbox', { name: `Odaberi narudžbu #${numberOf(order)}` }).check()
  const bar = page.getByRole('group', { name: 'Radnje za odabrane narudžbe' })
  await expect(bar.getByText('Odabrano: 4')).toBeVisible()
  await bar.getByLabel('Novi status odabranih').selectOption('processing')
  await bar.getByRole('button', { name: 'Promijeni status' }).click()
  const question = page.getByRole('dialog', { name: 'Promijeni status' })
  await expect(question).toContainText('Promijeniti status 4 odabranih narudžbi u „U obradi”?')
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders/status') && response.request().method() === 'POST',
  )
  await question.getByRole('button', { name: 'Promijeni status' }).click()
  const answer = (await (await answered).json()) as { changed: number; refused: number; unchanged: number }
  expect(answer).toMatchObject({ changed: 3, refused: 1, unchanged: 0 })
  await expect(page.getByText('Promijenjeno: 3. Odbijeno: 1. Već u tom statusu: 0.')).toBeVisible()
  const report = page.getByRole('region', { name: 'Promjene koje nisu provedene' })
  await expect(report).toContainText(`#${numberOf(blocked)}`)
  await expect(report).toContainText('Otkazana narudžba ne može se vratiti')
  for (const order of picked) {
    await expect(row(order)).toContainText('U obradi')
    await expect(row(order).getByRole('button', { name: /^Otvori narudžbu \d{4}-\d{6}$/ })).toBeVisible()
  }
  await expect(row(blocked)).toContainText('Otkazano')
  const documentNumbers = await Promise.all(
    picked.map(
      async (order) => /\d{4}-\d{6}/.exec((await row(order).locator('.orders-table__open').textContent()) ?? '')![0],
    ),
  )

  // The selection stays: the blocked order out, the three printed as one packing-slip PDF.
  await page.getByRole('checkbox', { name: `Odaberi narudžbu #${numberOf(blocked)}` }).uncheck()
  await expect(bar.getByText('Odabrano: 3')).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, 'orders-working-list-1280', { fullPage: true })
  const printed = page.waitForResponse((response) => response.url().endsWith('/api/orders/documents'))
  const slips = await (
    await downloadOf(page, () => bar.getByRole('button', { name: 'Ispiši otpremnice' }).click())
  ).path()
  const pdfResponse = await printed
  expect(pdfResponse.status()).toBe(200)
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf')
  expect(JSON.parse(pdfResponse.request().postData()!)).toEqual({
    ids: expect.arrayContaining(picked.map((order) => order.id)),
    kind: 'packing-slip',
  })
  expect(readFileSync(slips).subarray(0, 5).toString()).toBe('%PDF-')
  const slipText = pdfTextOf(slips)
  for (const documentNumber of documentNumbers) expect(slipText).toContain(`Uz račun broj: ${documentNumber}`)
  expect(slipText).toContain(`Radna rukavica ${suffix}`)

  // The courier's file: one row per selected order, by document number.
  const csv = readFileSync(
    await (await downloadOf(page, () => bar.getByRole('button', { name: 'Izvoz za kurira (CSV)' }).click())).path(),
    'utf8',
  )
  const references = csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(';')[0])
  expect(references.sort()).toEqual([...documentNumbers].sort())

  // A row opens the order's card over the table; the view is remembered after a reload.
  await row(picked[1]!)
    .getByRole('button', { name: `Otvori narudžbu ${documentNumbers[1]}` })
    .click()
  const details = page.getByRole('dialog', { name: `Narudžba #${numberOf(picked[1]!)}` })
  await expect(details.getByRole('article', { name: `Narudžba #${numberOf(picked[1]!)}` })).toBeVisible()
  await expectNoAxeViolations(page)
  await expect(details.getByText(`Broj dokumenta: ${documentNumbers[1]}`)).toBeVisible()
  await expect(details.getByLabel(`Status narudžbe #${numberOf(picked[1]!)}`)).toHaveValue('processing')
  await details.getByRole('button', { name: 'Zatvori narudžbu' }).click()
  await expect(details).toHaveCount(0)
  await row(picked[2]!).locator('td').nth(3).click()
  await expect(page.getByRole('dialog', { name: `Narudžba #${numberOf(picked[2]!)}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(
    page.getByRole('group', { name: 'Prikaz narudžbi' }).getByRole('button', { name: 'Tablica' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('table.orders-table')).toBeVisible()
})

test('on a phone the table folds to compact rows and the bulk bar stays at the bottom', async ({
  page,
  request,
  adminHeaders: admin,
}) => {
  const bucket = { code: 'MOB', name: 'Kanta', price: 12, stock: 10 }
  const { suffix, place } = await guestOrdersOf(request, admin, bucket, 'Mobilni kupac')
  const orders = [await place('a', 1), await place('b', 1), await place('c', 1)]
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => window.localStorage.setItem('shop.admin-orders.view', 'table'))
  await openAsStaff(page, '/admin/orders')
  await page.getByLabel('Pretraži narudžbe').fill(`Mobilni kupac ${suffix}`)
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(3)

  // A compact row: checkbox, number, buyer, total and status visible; date, place, weight and flags folded away.
  const first = rows.first()
  await expect(first.getByRole('checkbox')).toBeVisible()
  await expect(first.getByRole('button', { name: /^Otvori narudžbu #/ })).toBeVisible()
  await expect(first.getByText(/^Mobilni kupac /)).toBeVisible()
  await expect(first.locator('.orders-table__total')).toHaveText(/KM/)
  await expect(first.locator('.order-status')).toHaveText('Na čekanju')
  await expect(first.locator('time')).toBeHidden()
  const rowBox = (await first.boundingBox())!
  expect(rowBox.width).toBeLessThanOrEqual(390)
  const checkBox = (await first.getByRole('checkbox').boundingBox())!
  expect(checkBox.width).toBeGreaterThanOrEqual(24)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  for (const order of orders)
    await page.getByRole('checkbox', { name: `Odaberi narudžbu #${order.id.slice(0, 8)}` }).check()
  const bar = page.getByRole('group', { name: 'Radnje za odabrane narudžbe' })
  await expect(bar.getByText('Odabrano: 3')).toBeVisible()
  // The bar is fixed to the bottom of the screen, inside its width, with every action reachable.
  await page.mouse.wheel(0, -2000)
  const barBox = (await bar.boundingBox())!
  expect(Math.round(barBox.y + barBox.height)).toBe(844)
  expect(barBox.x).toBeGreaterThanOrEqual(0)
  expect(barBox.width).toBeLessThanOrEqual(390)
  for (const name of ['Ispiši račune', 'Ispiši otpremnice', 'Izvoz za kurira (CSV)', 'Promijeni status']) {
    const button = bar.getByRole('button', { name })
    await expect(button).toBeInViewport()
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(32)
  }
  await expectNoAxeViolations(page)
  await page.evaluate(() => document.querySelector('.admin-orders__views')?.scrollIntoView({ block: 'start' }))
  await shoot(page, 'orders-working-list-390')

  // The bulk status change works from the bar on the phone too.
  await bar.getByLabel('Novi status odabranih').selectOption('shipped')
  await bar.getByRole('button', { name: 'Promijeni status' }).click()
  await page.getByRole('dialog', { name: 'Promijeni status' }).getByRole('button', { name: 'Promijeni status' }).click()
  await expect(page.getByText('Promijenjeno: 3. Odbijeno: 0. Već u tom statusu: 0.')).toBeVisible()
  for (const row of await rows.all()) await expect(row.locator('.order-status')).toHaveText('Poslano')
  // The last row is not hidden behind the bar once scrolled to the end.
  // Scrolled with the page's own scroll and measured once it has settled (a wheel scroll ends later).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect
    .poll(async () => {
      const lastBox = (await rows.last().boundingBox())!
      return lastBox.y + lastBox.height - (await bar.boundingBox())!.y
    })
    .toBeLessThanOrEqual(0)
})
