import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import {
  authorizationOf,
  createProduct,
  expectNoAxeViolations,
  fillCart,
  main,
  shootAtWidths,
  signInThroughApi,
  uniqueSuffix,
  type CreatedProduct,
} from './support.ts'

// Quick order by code (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order'): a wholesale buyer pastes codes and
// quantities, sees each line checked at her wholesale price, and puts every good line into the cart at once.

let products: CreatedProduct[] = []
let suffix = ''

test.beforeAll(async ({ request }) => {
  const staff = await authorizationOf(request, 'admin@demo.ba')
  suffix = uniqueSuffix()
  products = []
  for (let index = 1; index <= 18; index += 1) {
    products.push(
      await createProduct(request, staff, {
        customId: `E2E-QO-${suffix}-${String(index).padStart(2, '0')}`,
        name: `Brza stavka ${index} ${suffix}`,
        price: 10 + index,
        wholesale_price: 5 + index,
        is_wholesale: true,
        // The last one has too little for the 5 the list asks.
        stock: index === 18 ? 2 : 50,
      }),
    )
  }
})

/** The demo wholesale buyer, signed in with an empty cart, on `path`. */
async function openAsWholesaleBuyer(page: Page, request: APIRequestContext, path: string): Promise<void> {
  await fillCart(page, [], await signInThroughApi(request, 'veleprodaja@demo.ba'))
  await page.goto(path)
}

const cartLines = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('shop.cart') ?? '[]') as { productId: string; quantity: number; price: number }[],
  )

test('a wholesale buyer pastes 20 lines with two unknown codes and a shortage and gets the 17 good ones into the cart', async ({
  page,
  request,
}) => {
  await openAsWholesaleBuyer(page, request, '/veleprodaja')
  await main(page).getByRole('link', { name: 'Brza narudžba po šifri' }).click()
  await expect(page).toHaveURL(/\/veleprodaja\/brza-narudzba$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Brza narudžba po šifri' })).toBeVisible()

  // Both separators, a blank line and lower-case codes, as buyers paste them from their own lists.
  const rows = products.map((product, index) =>
    index === 17
      ? `${product.customId};5`
      : index % 2 === 0
        ? `${product.customId};${index + 1}`
        : `${product.customId.toLowerCase()} ${index + 1}`,
  )
  rows.splice(3, 0, `NEPOSTOJI-${suffix}-A;4`)
  rows.splice(9, 0, '', `NEPOSTOJI-${suffix}-B 1`)
  await page.getByLabel('Šifre i količine (jedan proizvod po redu)').fill(rows.join('\n'))
  await main(page).getByRole('button', { name: 'Provjeri' }).click()

  const results = main(page).getByRole('region', { name: 'Rezultat provjere' })
  await expect(results.getByText('Ispravnih redova: 17 od 20. Problema: 3.')).toBeVisible()
  await expect(results.getByText(`Nepoznata šifra "NEPOSTOJI-${suffix}-A".`)).toBeVisible()
  await expect(results.getByText(`Nepoznata šifra "NEPOSTOJI-${suffix}-B".`)).toBeVisible()
  await expect(results.getByText('Nedovoljno na stanju: traženo 5, na stanju 2.')).toBeVisible()
  // Her wholesale price: product 1 costs 11 KM retail, 6 KM to her.
  const first = results.getByRole('row').filter({ hasText: products[0]!.customId })
  await expect(first).toContainText('6,00 KM')
  await expect(first).toContainText('U redu')
  await expect(results.getByRole('row')).toHaveCount(21)
  // No WCAG 2.2 AA violation on the checked list (ARCHITECTURE: accessibility budget).
  await expectNoAxeViolations(page)
  await shootAtWidths(page, 'quick-order-checked')

  await results.getByRole('button', { name: 'Dodaj u korpu (17)' }).click()
  await expect(results.getByText('U korpu je dodano proizvoda: 17.')).toBeVisible()
  const stored = await cartLines(page)
  expect(stored).toHaveLength(17)
  expect(stored.map((line) => line.productId)).toEqual(products.slice(0, 17).map((product) => product.customId))
  expect(stored[1]).toMatchObject({ quantity: 2, price: 7 })

  await results.getByRole('link', { name: 'Idi u korpu' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(main(page).getByRole('link', { name: products[16]!.name })).toBeVisible()
})

test('a CSV file with a header fills the list, and a wrong quantity is named by its line', async ({
  page,
  request,
}) => {
  await openAsWholesaleBuyer(page, request, '/veleprodaja/brza-narudzba')
  const csv = `šifra;količina\r\n${products[0]!.customId};2\r\n${products[1]!.customId};pet\r\n${products[0]!.customId};1\r\n`
  await page
    .getByLabel('Ili učitajte CSV datoteku')
    .setInputFiles({ name: 'narudzba.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByLabel('Šifre i količine (jedan proizvod po redu)')).toHaveValue(csv.replace(/\r\n/g, '\n'))
  await main(page).getByRole('button', { name: 'Provjeri' }).click()
  const results = main(page).getByRole('region', { name: 'Rezultat provjere' })
  await expect(results.getByText('Ispravnih redova: 1 od 2. Problema: 1.')).toBeVisible()
  await expect(results.getByText('Red 3: količina "pet" nije ispravan broj.')).toBeVisible()
  // The same code twice is one line of 3, from lines 2 and 4.
  await expect(results.getByRole('row').filter({ hasText: products[0]!.customId })).toContainText('2, 4')
  await results.getByRole('button', { name: 'Dodaj u korpu (1)' }).click()
  expect(await cartLines(page)).toEqual([expect.objectContaining({ productId: products[0]!.customId, quantity: 3 })])
})

test('an empty list is refused with a Bosnian message under the field', async ({ page }) => {
  await page.goto('/veleprodaja/brza-narudzba')
  await expect(
    main(page).getByText(
      'Veleprodajne cijene vidite kad se prijavite veleprodajnim računom; sada su prikazane maloprodajne cijene.',
    ),
  ).toBeVisible()
  await main(page).getByRole('button', { name: 'Provjeri' }).click()
  await expect(main(page).getByText('Upišite barem jedan red sa šifrom i količinom.')).toBeVisible()
})
