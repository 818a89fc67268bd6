import { expect, test, type Page } from './fixtures.ts'
import {
  authorizationOf,
  cartLine,
  createOwnProduct,
  fillCheckoutOf,
  main,
  placeGuestOrder,
  shoot,
  signInAndWait,
  uniqueEmail,
} from './support.ts'

// The price floor and the daily cap per buyer, as staff set them in the product form (docs/decisions.md,
// 'Money rules' and 'Order limits and suspicious orders'). Every product here is this file's own.

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text })
}

async function openProduct(page: Page, name: string) {
  await page.goto('/admin/products')
  await page.getByLabel('Pretraži proizvode').fill(name)
  await page.getByRole('button', { name: `Uredi: ${name}` }).click()
  return page.getByRole('dialog', { name: 'Uredi proizvod' })
}

test('staff are told the floor when a discount goes below the wholesale price, and may lower the floor', async ({
  page,
  request,
}) => {
  const manager = await authorizationOf(request, 'menadzer@demo.ba')
  const drill = { code: 'POD', name: 'Bušilica', price: 100, wholesale_price: 80, stock: 5 }
  const product = await createOwnProduct(request, manager, drill)
  await signInAndWait(page, 'menadzer@demo.ba')
  const dialog = await openProduct(page, product.name)
  await expect(dialog.getByText('Prazno: veleprodajna cijena (80,00 KM)')).toBeVisible()
  await dialog.getByLabel('Na akciji').check()
  await dialog.getByLabel('Akcijska cijena (KM)').pressSequentially('75')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(
    dialog.getByText('Akcijska cijena ne smije biti niža od najniže dopuštene cijene 80,00 KM').first(),
  ).toBeVisible()
  await shoot(dialog, 'floor-refused-1280')

  await dialog.getByLabel('Najniža dopuštena cijena (KM)').pressSequentially('70')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Proizvod je spremljen.')).toBeVisible()
  const saved = (await (
    await request.get(`/api/admin/products?search=${product.customId}`, { headers: manager })
  ).json()) as { products: { id: string; discount_price: number; price_floor: number }[] }
  expect(saved.products.find((each) => each.id === product.id)).toMatchObject({ discount_price: 75, price_floor: 70 })
})

test('staff cap a hot product per buyer and day; a guest who already bought is refused in the checkout', async ({
  page,
  browser,
  request,
}) => {
  const manager = await authorizationOf(request, 'menadzer@demo.ba')
  const product = await createOwnProduct(request, manager, { code: 'CAP', name: 'Konzola', price: 20, stock: 50 })

  await signInAndWait(page, 'menadzer@demo.ba')
  const dialog = await openProduct(page, product.name)
  await dialog.getByLabel('Najviše komada po kupcu dnevno').fill('0')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Unesite cijeli broj od 1 do 100000 ili ostavite prazno').first()).toBeVisible()
  await dialog.getByLabel('Najviše komada po kupcu dnevno').fill('2')
  await shoot(dialog, 'cap-form-1280')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Proizvod je spremljen.')).toBeVisible()

  // The guest bought two this morning; now one more, from the same e-mail, in the browser.
  const email = uniqueEmail('kapa')
  await placeGuestOrder(request, { email, productId: product.id, quantity: 2, fullName: 'Gost Kapa' })
  const guestContext = await browser.newContext({ locale: 'bs-BA', viewport: { width: 390, height: 844 } })
  const guest = await guestContext.newPage()
  try {
    await fillCheckoutOf(guest, [cartLine(product, null, 1, 20)], email, {
      address: { fullName: 'Gost Kapa', phone: '061 987 654' },
    })
    await main(guest).getByRole('button', { name: 'Naručite' }).click()
    const message = `Proizvod "${product.name}" danas više ne možete naručiti (najviše 2 kom. dnevno po kupcu). Pokušajte sutra ili nas nazovite.`
    await expect(main(guest).getByRole('alert').filter({ hasText: message }).first()).toBeVisible()
    await expect(guest).toHaveURL(/\/cart/)
    await shoot(guest, 'checkout-cap-390', { fullPage: true })
  } finally {
    await guestContext.close()
  }
})
