import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'
import {
  authorizationOf,
  createOwnProduct,
  linkIn,
  main,
  newCustomer,
  placePickupOrder,
  signInAndWait,
  waitForMail,
} from './support.ts'

// docs/decisions.md, 'Their own data': a customer downloads her data and deletes her account from the
// account page; the mailed link deletes it, and her order stays for the shop without her name.

test('a customer downloads her data, then deletes her account from the mailed link', async ({ page, request }) => {
  const admin = await authorizationOf(request, 'admin@demo.ba')
  const product = await createOwnProduct(request, admin, { code: 'PODACI', name: 'Lampa', price: 10, stock: 5 })
  const buyer = await newCustomer(request, 'podaci')
  const order = await placePickupOrder(request, buyer.session, product, null)

  await signInAndWait(page, buyer.email, buyer.password)
  await page.goto('/account')
  const data = main(page).getByRole('complementary', { name: 'Vaši podaci' })
  const download = page.waitForEvent('download')
  await data.getByRole('button', { name: 'Preuzmi moje podatke' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^moji-podaci-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    account: { email: string }
    orders: { id: string }[]
  }
  expect(exported.account.email).toBe(buyer.email)
  expect(exported.orders.map(({ id }) => id)).toEqual([order.id])

  // The password again: a wrong one is named, the right one sends the mail.
  await data.getByRole('button', { name: 'Obriši račun' }).click()
  const dialog = page.getByRole('dialog', { name: 'Obrisati račun?' })
  await dialog.getByRole('button', { name: 'Pošalji potvrdu na e-mail' }).click()
  await expect(dialog.getByText('Lozinka je obavezna')).toBeVisible()
  await dialog.getByLabel('Lozinka').fill('Kriva-Lozinka-9')
  await dialog.getByRole('button', { name: 'Pošalji potvrdu na e-mail' }).click()
  await expect(dialog.getByText('Trenutna lozinka nije ispravna')).toBeVisible()
  // The shop answering an error without words: the dialog says the request was not sent (its own text).
  await page.route('**/api/account/delete', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 })
  await dialog.getByRole('button', { name: 'Pošalji potvrdu na e-mail' }).click()
  await expect(
    dialog.getByText('Zahtjev za brisanje računa trenutno nije moguće poslati. Molimo pokušajte ponovno.'),
  ).toBeVisible()
  await dialog.getByLabel('Lozinka').fill(buyer.password)
  await dialog.getByRole('button', { name: 'Pošalji potvrdu na e-mail' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Poslali smo vam e-mail s poveznicom za brisanje računa.')).toBeVisible()

  const mail = await waitForMail(buyer.email, /Potvrda brisanja računa/)
  await page.goto(linkIn(mail, '/obrisi-racun/'))
  await expect(main(page).getByRole('heading', { name: 'Brisanje računa' })).toBeVisible()
  await main(page).getByRole('button', { name: 'Trajno obriši moj račun' }).click()
  await expect(main(page).getByText('Vaš račun je obrisan. Hvala što ste kupovali kod nas.')).toBeVisible()

  // Gone: she cannot sign in; the shop keeps the order without her name.
  const signIn = await request.post('/api/auth/login', { data: { email: buyer.email, password: buyer.password } })
  expect(signIn.status()).toBe(401)
  const kept = (await (await request.get(`/api/orders/${order.id}`, { headers: admin })).json()) as {
    email: string
    shippingAddress: { full_name: string }
  }
  expect(kept.shippingAddress.full_name).toBe('Obrisani kupac')
  expect(kept.email).not.toBe(buyer.email)

  // The admin sees both requests with the date they were due.
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/users')
  const requests = main(page).getByRole('region', { name: 'Zahtjevi za podatke' })
  await expect(requests.getByRole('listitem').filter({ hasText: 'Brisanje računa' }).first()).toBeVisible()
  await expect(requests.getByRole('listitem').filter({ hasText: 'Preuzimanje podataka' }).first()).toBeVisible()
  await request.delete(`/api/products/${product.id}`, { headers: admin })
})
