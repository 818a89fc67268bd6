import fs from 'node:fs'
import { expect, test, type Page } from './fixtures.ts'
import {
  authorizationOf,
  createOwnProduct,
  downloadOf,
  openAsStaff,
  placeGuestOrder,
  shoot,
  signInAndWait,
  uniqueEmail,
  uniqueSuffix,
} from './support.ts'

// Statistics (staff-and-content.md §2 'Statistika', §9; docs/decisions.md 'Statistics'): a store manager opens the page
// for a chosen range (today, UTC), sees the tiles, the chart drawn by uPlot, the top products and
// the table with this spec's orders, and downloads the CSV, whose bytes are checked. Orders of
// other specs may fall on the same day, so the tiles are compared with the API's own answer.

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')

function formatKm(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.')
  return `${grouped(whole)},${cents} KM`
}

async function paintedPixels(page: Page): Promise<number> {
  return page.locator('.statistics-chart canvas').evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
    let painted = 0
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) painted += 1
    return painted
  })
}

test('a store manager reads the statistics of a chosen range, with the chart, and downloads the CSV', async ({
  page,
  request,
  adminHeaders: admin,
}) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))

  const suffix = uniqueSuffix()
  const gravel = { code: 'STAT', name: 'Šljunak', price: 12.5, stock: 50, suffix }
  const product = await createOwnProduct(request, admin, gravel)

  const customers = [`Željka Čolić ${suffix}`, `=Đuro; "Šef" ${suffix}`]
  const orders: { id: string; quantity: number }[] = []
  for (const [index, fullName] of customers.entries()) {
    const quantity = index + 2
    const placed = await placeGuestOrder(request, {
      email: uniqueEmail('statistika'),
      productId: product.id,
      quantity,
      fullName,
    })
    orders.push({ id: placed.id, quantity })
  }
  const today = new Date().toISOString().slice(0, 10)

  await openAsStaff(page, '/admin/statistics')
  await expect(page.getByRole('heading', { level: 1, name: 'Statistika' })).toBeVisible()
  // The status filter has every status but ready_for_pickup, with the admin labels (§4).
  await expect(page.getByLabel('Status', { exact: true }).locator('option')).toHaveText([
    'Svi statusi',
    'Na čekanju',
    'U obradi',
    'Poslano',
    'Završeno',
    'Otkazano',
  ])

  // The chosen range: today alone, every status.
  await page.getByLabel('Od', { exact: true }).fill(today)
  await page.getByLabel('Do', { exact: true }).fill(today)
  const table = page.getByRole('region', { name: 'Narudžbe u razdoblju' })
  for (const order of orders) await expect(table.getByText(`#${order.id.slice(0, 8)}`)).toBeVisible()
  await expect(table.getByText(customers[0]!)).toBeVisible()

  // The tiles say what the server computes for the same range. Other specs may place orders meanwhile:
  // a try that missed them shows the range again before it compares.
  const manager = await authorizationOf(request, 'menadzer@demo.ba')
  let tries = 0
  await expect(async () => {
    tries += 1
    if (tries > 1) {
      await page.reload()
      await page.getByLabel('Od', { exact: true }).fill(today)
      await page.getByLabel('Do', { exact: true }).fill(today)
      await expect(table.getByText(`#${orders[0]!.id.slice(0, 8)}`)).toBeVisible()
    }
    const answer = await request.get(`/api/statistics?from=${today}&to=${today}`, { headers: manager })
    const { totals } = (await answer.json()) as { totals: { totalOrders: number; totalItems: number; revenue: number } }
    const tiles = page.locator('.statistics-tile__value')
    await expect(tiles).toHaveText(
      [grouped(String(totals.totalOrders)), grouped(String(totals.totalItems)), formatKm(totals.revenue)],
      { timeout: 2_000 },
    )
    expect(totals.totalItems).toBeGreaterThanOrEqual(5)
  }).toPass({ timeout: 40_000 })

  // Our product is among the best sellers with exactly what we ordered.
  const byQuantity = page.getByRole('region', { name: 'Najprodavaniji proizvodi (količina)' })
  await expect(byQuantity.getByRole('row', { name: new RegExp(product.name) })).toContainText('5')
  await expect(byQuantity.getByRole('row', { name: new RegExp(product.name) })).toContainText(formatKm(62.5))

  // The chart is drawn by uPlot on a canvas (loaded on this page only), within the CSP.
  const chart = page.locator('.statistics-chart[data-ready="true"]')
  await expect(chart.locator('canvas')).toBeVisible()
  await expect.poll(() => paintedPixels(page)).toBeGreaterThan(100)
  await expect(page.getByRole('region', { name: 'Prihod i narudžbe po danu' })).toContainText('Prihod (KM)')

  // The status filter: our orders are pending, so 'Završeno' hides them and 'Na čekanju' shows them.
  await page.getByLabel('Status', { exact: true }).selectOption('completed')
  await expect(table.getByText(`#${orders[0]!.id.slice(0, 8)}`)).toBeHidden()
  await page.getByLabel('Status', { exact: true }).selectOption('pending')
  await expect(table.getByText(`#${orders[0]!.id.slice(0, 8)}`)).toBeVisible()

  // The CSV: the token goes with the request, the browser saves the file, the bytes are right.
  const download = await downloadOf(page, () => page.getByRole('button', { name: 'Preuzmi CSV' }).click())
  expect(download.suggestedFilename()).toBe(`statistika-${today}-${today}-pending.csv`)
  const bytes = fs.readFileSync(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const csv = bytes.toString('utf8').slice(1)
  const lines = csv.split('\r\n')
  expect(lines[0]).toBe('Datum (UTC);Narudžba;Kupac;E-mail;Status;Artikala;Prihod (KM)')
  const first = lines.find((line) => line.includes(orders[0]!.id.slice(0, 8)))
  expect(first).toMatch(
    new RegExp(
      `^${today} \\d\\d:\\d\\d:\\d\\d;${orders[0]!.id.slice(0, 8)};Željka Čolić ${suffix};[^;]+;Na čekanju;2;25,00$`,
    ),
  )
  // A formula-looking name is neutralised with an apostrophe and quoted for its ';' and '"'.
  const second = lines.find((line) => line.includes(orders[1]!.id.slice(0, 8)))
  expect(second).toContain(`;"'=Đuro; ""Šef"" ${suffix}";`)
  expect(second).toMatch(/;Na čekanju;3;37,50$/)

  expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([])
})

test('a customer who opens the statistics page is sent to the home page', async ({ page }) => {
  await signInAndWait(page, 'kupac@demo.ba')
  await page.goto('/admin/statistics')
  await expect(page).toHaveURL(/\/$/)
})

test('on a phone the chart legend shows the range totals, and a tap on a day shows that day', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  await openAsStaff(page, '/admin/statistics')
  const chart = page.locator('.statistics-chart[data-ready="true"]')
  await expect(chart.locator('canvas')).toBeVisible()
  const values = chart.locator('.u-legend .u-value')
  // Nothing hovered: the totals of the range, never '–'.
  await expect(values.first()).toContainText('Ukupno')
  await expect(values.nth(1)).toContainText('KM')
  for (const value of await values.allInnerTexts()) expect(value.trim()).not.toBe('–')
  const revenueTile = await page.locator('.statistics-tile__value').nth(2).innerText()
  await expect(values.nth(1)).toHaveText(revenueTile)
  await shoot(page, 'statistics-390', { fullPage: true })
  // A tap on the plot chooses the day under the finger.
  const over = chart.locator('.u-over')
  const box = (await over.boundingBox())!
  await over.tap({ position: { x: box.width - 4, y: box.height / 2 } })
  await expect(values.first()).not.toContainText('Ukupno')
  await expect(values.first()).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4}\.$/)
  await context.close()
})

test('a staff page opened with a stored session shows one loading text, the specification\'s "Loading..."', async ({
  page,
}) => {
  await signInAndWait(page, 'admin@demo.ba')
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { loadingTexts: string[] }).loadingTexts = seen
    new MutationObserver(() => {
      for (const block of document.querySelectorAll('.ui-loading')) {
        const text = block.textContent ?? ''
        if (seen.at(-1) !== text) seen.push(text)
      }
    }).observe(document, { childList: true, subtree: true })
  })
  for (const path of ['/admin/statistics', '/admin/users', '/admin/logs', '/admin/sales']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const texts = await page.evaluate(() => (window as unknown as { loadingTexts: string[] }).loadingTexts)
    expect(texts.filter((text) => text !== 'Loading...')).toEqual([])
  }
})
