import sharp from 'sharp'
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './fixtures.ts'
import {
  createOwnProductBeforeAll,
  expectNoAxeViolations,
  main,
  orderPageFromMail,
  placeGuestOrder,
  shootAtWidths,
  signInAndWait,
  stockOf,
  uniqueEmail,
  waitForMail,
} from './support.ts'

// Complaints and returns (docs/decisions.md ('Complaints and returns')): a guest's order delivered by staff; the guest opens
// the order page from her confirmation mail and files a complaint with a photo; a store manager approves it
// and receives the goods at /admin/returns (stock back, a mail for each step); the order page shows the steps.

const { staff, product } = createOwnProductBeforeAll({ code: 'REK', name: 'Kutna brusilica', price: 120, stock: 10 })

/**
 * A guest's order of the product (her e-mail unique, named by `guest`), shipped and completed by staff, open on
 * its page from her confirmation mail.
 */
async function openDeliveredOrder(page: Page, request: APIRequestContext, guest: string, quantity: number) {
  const email = uniqueEmail(guest)
  const order = await placeGuestOrder(request, { email, productId: product.id, quantity, fullName: 'Ivana Kupac' })
  for (const status of ['shipped', 'completed']) {
    const moved = await request.patch(`/api/orders/${order.id}/status`, { headers: staff, data: { status } })
    expect(moved.status(), await moved.text()).toBe(200)
  }
  // The guest follows the link of her confirmation mail.
  await page.goto(await orderPageFromMail(email))
  const section = main(page).getByRole('region', { name: 'Reklamacija ili povrat' })
  await expect(section.getByText('Preuzeto', { exact: true })).toBeVisible()
  return { email, number: order.id.slice(0, 8), section }
}

async function openComplaintForm(section: Locator): Promise<Locator> {
  await section.getByRole('button', { name: 'Prijavi reklamaciju ili povrat' }).click()
  return section.getByRole('form', { name: 'Reklamacija ili povrat' })
}

/** A store manager's /admin/returns in a context of her own, searched for the guest's complaint. */
async function openStaffReturn(browser: Browser, email: string, number: string) {
  const staffContext = await browser.newContext()
  const staffPage = await staffContext.newPage()
  await signInAndWait(staffPage, 'menadzer@demo.ba')
  await staffPage.goto('/admin/returns')
  await main(staffPage)
    .getByRole('searchbox', { name: /Pretraži/ })
    .fill(email)
  // The search has answered: only this guest's complaint is listed.
  await expect(main(staffPage).getByRole('article')).toHaveCount(1)
  return { staffContext, staffPage, card: main(staffPage).getByRole('article', { name: `Narudžba #${number}` }) }
}

/** Waits until the image has loaded (its signed link answered). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
}

const photo = async () => ({
  name: 'ostecenje.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 60, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer(),
})

test('a guest files a complaint with a photo from her order page; staff approve and receive it', async ({
  page,
  browser,
  request,
}) => {
  const { email, number, section } = await openDeliveredOrder(page, request, 'reklamacija', 2)
  expect(await stockOf(request, product.id)).toBe(8)
  const form = await openComplaintForm(section)
  const quantity = form.getByLabel(`Količina za „${product.name}”`)
  await expect(form.getByText('naručeno 2, moguće prijaviti još 2')).toBeVisible()
  // The form checks before sending: nothing chosen, no reason, no description.
  await form.getByRole('button', { name: 'Pošalji prijavu' }).click()
  await expect(form.getByText('Odaberite barem jedan proizvod i količinu.')).toBeVisible()
  await expect(form.getByText('Odaberite razlog.')).toBeVisible()
  await expect(form.getByText('Opišite problem (najmanje 10 znakova).')).toBeVisible()

  await quantity.fill('1')
  await form.getByLabel('Razlog').selectOption({ label: 'Oštećeno' })
  await form.getByLabel('Opis').fill('Kućište je napuknuto, kutija je stigla zgnječena.')
  const photos = form.getByLabel(/^Fotografije/)
  await photos.setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(form.getByText('Dozvoljene su samo JPEG, PNG i WebP slike')).toBeVisible()
  await photos.setInputFiles(await photo())
  await expect(form.getByRole('button', { name: 'Ukloni fotografiju ostecenje.jpg' })).toBeVisible()
  await shootAtWidths(page, 'return-form-photo', { of: form })
  await expectNoAxeViolations(page)
  await form.getByRole('button', { name: 'Pošalji prijavu' }).click()

  await expect(page.getByText('Prijava je zaprimljena. Javit ćemo vam se e-mailom.')).toBeVisible()
  const filed = section.getByRole('article')
  await expect(filed.getByText('Zaprimljeno', { exact: true }).first()).toBeVisible()
  // The photo loads by its signed link (docs/decisions.md ('Complaints and returns'), 'Private photos').
  const buyerPhoto = filed.getByRole('img', { name: 'Fotografija 1 uz prijavu' })
  await expectLoaded(buyerPhoto)
  expect(await buyerPhoto.getAttribute('src')).toMatch(/^\/api\/returns\/photos\/.+\?expires=\d+&sig=/)
  await waitForMail(email, new RegExp(`Reklamacija za narudžbu #${number} je zaprimljena`))

  // A store manager handles it at /admin/returns.
  const { staffContext, staffPage, card } = await openStaffReturn(browser, email, number)
  await expect(card.getByText('Kućište je napuknuto, kutija je stigla zgnječena.')).toBeVisible()
  await expectLoaded(card.getByRole('img', { name: `Fotografija 1 reklamacije za narudžbu #${number}` }))
  await expectNoAxeViolations(staffPage)

  await card.getByRole('button', { name: `Odobri: Narudžba #${number}` }).click()
  await staffPage.getByRole('dialog').getByRole('button', { name: 'Odobri' }).click()
  await expect(card.getByText('Odobreno', { exact: true }).first()).toBeVisible()
  await waitForMail(email, new RegExp(`Reklamacija za narudžbu #${number}: Odobreno`))

  await card.getByRole('button', { name: `Roba zaprimljena: Narudžba #${number}` }).click()
  await staffPage.getByRole('dialog').getByRole('button', { name: 'Roba zaprimljena' }).click()
  await expect(card.getByRole('button', { name: `Novac vraćen: Narudžba #${number}` })).toBeVisible()
  expect(await stockOf(request, product.id)).toBe(9)
  const received = await waitForMail(email, new RegExp(`Reklamacija za narudžbu #${number}: Roba zaprimljena`))
  expect(received.text).toContain('u roku od 30 dana')
  await staffContext.close()

  // The order page shows each step.
  await page.reload()
  const steps = main(page).getByRole('region', { name: 'Reklamacija ili povrat' }).getByRole('list', { name: 'Koraci' })
  await expect(steps.getByRole('listitem')).toHaveText([/Zaprimljeno/, /Odobreno/, /Roba zaprimljena/])
  // The line claimed once may still be claimed for its other piece.
  await main(page).getByRole('button', { name: 'Prijavi reklamaciju ili povrat' }).click()
  await expect(main(page).getByText('naručeno 2, moguće prijaviti još 1')).toBeVisible()
})

test('a complaint staff reject shows its reason and photo on the order page and at /admin/returns', async ({
  page,
  browser,
  request,
}) => {
  const { email, number, section } = await openDeliveredOrder(page, request, 'odbijena-reklamacija', 1)
  const form = await openComplaintForm(section)
  await form.getByLabel(`Količina za „${product.name}”`).fill('1')
  await form.getByLabel('Razlog').selectOption({ label: 'Oštećeno' })
  await form.getByLabel('Opis').fill('Ogrebotina preko cijelog kućišta, vidi fotografiju.')
  await form.getByLabel(/^Fotografije/).setInputFiles(await photo())
  await form.getByRole('button', { name: 'Pošalji prijavu' }).click()
  await expect(page.getByText('Prijava je zaprimljena. Javit ćemo vam se e-mailom.')).toBeVisible()

  const { staffContext, staffPage, card } = await openStaffReturn(browser, email, number)
  await card.getByRole('button', { name: `Odbij: Narudžba #${number}` }).click()
  const dialog = staffPage.getByRole('dialog')
  await dialog.getByLabel('Razlog odbijanja (kupac ga vidi)').fill('Oštećenje je nastalo nakon isporuke.')
  await dialog.getByRole('button', { name: 'Odbij reklamaciju' }).click()
  await expect(card.getByText('Razlog odbijanja: Oštećenje je nastalo nakon isporuke.')).toBeVisible()
  await expect(card.getByText('Odbijeno', { exact: true }).first()).toBeVisible()
  await expectLoaded(card.getByRole('img', { name: `Fotografija 1 reklamacije za narudžbu #${number}` }))
  await expect(card.getByRole('button', { name: /^Odbij/ })).toHaveCount(0)
  await staffPage.getByRole('button', { name: 'Zatvori obavijest' }).click()
  await shootAtWidths(staffPage, 'returns-staff-rejected')
  await shootAtWidths(staffPage, 'returns-staff-rejected-card', { of: card })
  await staffContext.close()

  await page.reload()
  const filed = main(page).getByRole('region', { name: 'Reklamacija ili povrat' }).getByRole('article')
  await expect(filed.getByText('Razlog odbijanja: Oštećenje je nastalo nakon isporuke.')).toBeVisible()
  await expect(filed.getByRole('list', { name: 'Koraci' }).getByRole('listitem')).toHaveText([
    /Zaprimljeno/,
    /Odbijeno/,
  ])
  await expectLoaded(filed.getByRole('img', { name: 'Fotografija 1 uz prijavu' }))
  await shootAtWidths(page, 'order-rejected-complaint')
  await shootAtWidths(page, 'order-rejected-complaint-card', { of: filed })
})
