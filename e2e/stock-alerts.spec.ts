import { expect, test } from './fixtures.ts'
import {
  authorizationOf,
  createProduct,
  linkIn,
  mailsTo,
  shoot,
  signInAndWait,
  uniqueEmail,
  uniqueSuffix,
  waitForMail,
  type SunkMail,
} from './support.ts'

// docs/decisions.md ('Back-in-stock alerts'): a guest asks to be told when an out-of-stock option is back, confirms from the
// mail, staff restock it in products admin, and exactly one alert arrives, with a working unsubscribe
// link; a second guest who unsubscribed before gets nothing.

const CONFIRM_SUBJECT = /Potvrdite obavijest o dostupnosti/
const ALERT_SUBJECT = /Ponovo na stanju/
/** The job looks every 3 s and the mail worker every 2 s: a mail not here after this is not coming. */
const QUIET_MS = 8000

async function lampWithSoldOutOption(request: Parameters<typeof createProduct>[0]) {
  const suffix = uniqueSuffix()
  return createProduct(request, await authorizationOf(request, 'admin@demo.ba'), {
    customId: `E2E-OBV-${suffix}`,
    name: `Stolna lampa ${suffix}`,
    price: 39.9,
    stock: 0,
    has_sizes: true,
    sizes: ['Crna', 'Bijela'],
    size_stock: [
      { size: 'Crna', customId: `E2E-OBV-${suffix}-C`, stock: 0, infinite: false, price: 39.9 },
      { size: 'Bijela', customId: `E2E-OBV-${suffix}-B`, stock: 4, infinite: false, price: 39.9 },
    ],
  })
}

async function subscribeOnPage(page: import('@playwright/test').Page, customId: string, email: string) {
  await page.goto(`/product/${customId}`)
  const form = page.getByRole('region', { name: 'Obavijesti me kad stigne' })
  await expect(form).toBeVisible()
  // The only option out of stock is chosen already.
  await expect(form.getByLabel('Opcija')).toHaveValue('Crna')
  await form.getByLabel('E-mail').fill(email)
  await form.getByRole('button', { name: 'Obavijesti me' }).click()
  await expect(form.getByText('Poslali smo vam e-mail. Potvrdite prijavu klikom na poveznicu u poruci.')).toBeVisible()
  return form
}

function pathOf(link: string): string {
  return new URL(link).pathname
}

function expectOneClickUnsubscribe(mail: SunkMail) {
  expect(mail.headers['list-unsubscribe']).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/stock-alerts\/unsubscribe\/[\w-]{43}>$/,
  )
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
}

test('a guest subscribes to a sold-out option, confirms, and gets exactly one mail when staff restock it', async ({
  page,
  browser,
  request,
}) => {
  const lamp = await lampWithSoldOutOption(request)
  const guest = uniqueEmail('obavijest')
  const leaver = uniqueEmail('odjava')

  // The form, at a phone's width and a desktop's.
  const form = page.getByRole('region', { name: 'Obavijesti me kad stigne' })
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
    await page.goto(`/product/${lamp.customId}`)
    // The whole form at the foot of the screen, with the options above it.
    await form.evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await page.evaluate(() => window.scrollBy(0, 16))
    await expect(form).toBeInViewport({ ratio: 0.5 })
    await shoot(page, `stock-alert-form-${width}`)
  }

  // The form is loaded on its own (outside the first load) and hydrates without a complaint.
  const complaints: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text())
  })
  await page.goto(`/product/${lamp.customId}`)
  await expect(form.getByRole('button', { name: 'Obavijesti me' })).toBeVisible()
  expect(complaints).toEqual([])

  // A wrong address is caught in the form.
  await form.getByLabel('E-mail').fill('ana@')
  await form.getByRole('button', { name: 'Obavijesti me' }).click()
  await expect(form.getByText('Unesite valjanu e-mail adresu')).toBeVisible()

  const sent = await subscribeOnPage(page, lamp.customId, guest)
  await shoot(sent, 'stock-alert-form-sent-1280')
  const confirmation = await waitForMail(guest, CONFIRM_SUBJECT)
  expectOneClickUnsubscribe(confirmation)
  await page.goto(pathOf(linkIn(confirmation, '/obavijesti/potvrda/')))
  await expect(page.getByRole('heading', { name: 'Potvrda obavijesti' })).toBeVisible()
  await expect(page.getByText(`Javit ćemo vam čim „${lamp.name} (Crna)” ponovo bude na stanju.`)).toBeVisible()
  await shoot(page, 'stock-alert-confirmed-1280')

  // A second guest subscribes, confirms and changes her mind before the stock comes.
  const other = await browser.newPage()
  await subscribeOnPage(other, lamp.customId, leaver)
  const leaverMail = await waitForMail(leaver, CONFIRM_SUBJECT)
  await other.goto(pathOf(linkIn(leaverMail, '/obavijesti/potvrda/')))
  await expect(other.getByRole('heading', { name: 'Potvrda obavijesti' })).toBeVisible()
  await other.goto(pathOf(linkIn(leaverMail, '/obavijesti/odjava/')))
  await expect(other.getByText(`Na adresu ${leaver} više nećemo slati obavijesti`)).toBeVisible()
  await other.close()

  // Staff see the one shopper waiting, then restock the option in products admin.
  await signInAndWait(page, 'menadzer@demo.ba')
  await page.goto('/admin/products')
  await page.getByLabel('Pretraži proizvode').fill(lamp.name)
  const card = page.getByRole('article').filter({ hasText: lamp.name })
  await expect(card.getByText('Obavijesti na čekanju: 1')).toBeVisible()
  await expect(card.getByText('Na čekanju po opciji: Crna: 1')).toBeVisible()
  await shoot(card, 'stock-alert-admin-card')
  await card.getByRole('button', { name: `Zalihe: ${lamp.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Stanje zaliha: ${lamp.name}` })
  const correction = dialog.locator('form')
  await correction.getByLabel('Veličina').selectOption({ label: 'Crna' })
  await correction.getByLabel('Promjena (+/−)').fill('6')
  await correction.getByLabel('Razlog', { exact: true }).selectOption('inventura')
  await correction.getByRole('button', { name: 'Spremi korekciju' }).click()
  await expect(dialog.getByText('Crna: 6')).toBeVisible()

  const alert = await waitForMail(guest, ALERT_SUBJECT)
  expect(alert.subject).toContain(`${lamp.name} (Crna)`)
  expect(alert.text).toContain(`/product/${lamp.customId}`)
  expectOneClickUnsubscribe(alert)

  // Sold out and back again: still the one mail; none ever to the one who left.
  const staff = await authorizationOf(request, 'menadzer@demo.ba')
  for (const change of [-6, 2]) {
    const response = await request.post(`/api/products/${lamp.id}/stock-corrections`, {
      headers: staff,
      data: { optionCode: `${lamp.customId}-C`, change, reason: 'inventura' },
    })
    expect(response.status(), await response.text()).toBe(200)
  }
  await page.waitForTimeout(QUIET_MS)
  expect((await mailsTo(guest)).filter((mail) => ALERT_SUBJECT.test(mail.subject))).toHaveLength(1)
  expect((await mailsTo(leaver)).filter((mail) => ALERT_SUBJECT.test(mail.subject))).toHaveLength(0)

  // The alert's own unsubscribe link works.
  await page.goto(pathOf(linkIn(alert, '/obavijesti/odjava/')))
  await expect(page.getByRole('heading', { name: 'Odjava obavijesti' })).toBeVisible()
  await expect(page.getByText(`Na adresu ${guest} više nećemo slati obavijesti`)).toBeVisible()
})

test('a signed-in customer finds her address filled in, and a wrong link says so', async ({ page, request }) => {
  const lamp = await lampWithSoldOutOption(request)
  await signInAndWait(page, 'kupac@demo.ba')
  await page.goto(`/product/${lamp.customId}`)
  const form = page.getByRole('region', { name: 'Obavijesti me kad stigne' })
  await expect(form.getByLabel('E-mail')).toHaveValue('kupac@demo.ba')
  await form.getByRole('button', { name: 'Obavijesti me' }).click()
  await expect(form.getByText('Prijavljeni ste. Javit ćemo vam čim proizvod ponovo bude na stanju.')).toBeVisible()

  await page.goto(`/obavijesti/potvrda/${'x'.repeat(43)}`)
  await expect(
    page.getByText('Poveznica nije valjana ili je istekla. Prijavite se ponovo na stranici proizvoda.'),
  ).toBeVisible()
})

test('an e-mail typed before the form has hydrated is the one sent', async ({ page, request }) => {
  const lamp = await lampWithSoldOutOption(request)
  // The form's own chunk is held back: the server's HTML of the form is on screen, not yet hydrated.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/stock-alert-form[^/]*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(`/product/${lamp.customId}`)
  const form = page.getByRole('region', { name: 'Obavijesti me kad stigne' })
  await form.getByLabel('E-mail').fill(uniqueEmail('rano'))
  const loaded = page.waitForResponse(/stock-alert-form[^/]*\.js$/)
  release()
  await loaded
  await form.getByRole('button', { name: 'Obavijesti me' }).click()
  await expect(form.getByText('Poslali smo vam e-mail. Potvrdite prijavu klikom na poveznicu u poruci.')).toBeVisible()
})
