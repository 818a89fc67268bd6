import { expect, test } from './fixtures.ts'
import {
  authorizationOf,
  cartLine,
  createLampWithOptions,
  createOwnProduct,
  fillCart,
  main,
  placeOrderThroughApi,
  signInThroughApi,
  uniqueSuffix,
  type CreatedProduct,
} from './support.ts'

// The prices the checkout charges (docs/decisions.md 'Walk-through fixes'): the lowest of sale and
// wholesale price wins for a wholesale customer, and free shipping above the threshold applies to the
// options that offer it. Every product here is this file's own.

let lamp: CreatedProduct
let onSale: CreatedProduct
let cheaperWholesale: CreatedProduct
let bulky: CreatedProduct

/**
 * A product on sale below its wholesale price (the owner allows it with a price floor below the wholesale
 * price, docs/decisions.md 'Money rules'), one whose wholesale price is below its sale, a heavy mower.
 */
test.beforeAll(async ({ request }) => {
  const headers = await authorizationOf(request, 'admin@demo.ba')
  const suffix = uniqueSuffix()
  /** A product with 20 in stock, sold wholesale at `wholesalePrice` when given. */
  const own = (fields: { code: string; name: string } & Record<string, number | string>, wholesalePrice?: number) => {
    const wholesale = wholesalePrice ? { wholesale_price: wholesalePrice, is_wholesale: true } : {}
    return createOwnProduct(request, headers, { ...fields, ...wholesale, stock: 20, suffix })
  }
  lamp = await createLampWithOptions(request)
  onSale = await own(
    { code: 'AKC', name: 'Lonac na akciji', price: 49.9, discount_price: 37.43, price_floor: 35 },
    39.92,
  )
  cheaperWholesale = await own({ code: 'VP', name: 'Tava', price: 40, discount_price: 36 }, 30)
  bulky = await own({ code: 'KOS', name: 'Kosilica', price: 320 })
})

test('a wholesale customer pays a sale price below the wholesale price and sees which price applies', async ({
  page,
  request,
}) => {
  const session = await signInThroughApi(request, 'veleprodaja@demo.ba')
  await fillCart(page, [cartLine(onSale, null, 2), cartLine(cheaperWholesale, null, 1)], session)
  await page.goto('/cart')
  const lines = main(page).getByRole('list', { name: 'Stavke' }).getByRole('listitem')
  const sale = lines.filter({ hasText: onSale.name })
  await expect(sale.getByText('37,43 KM').first()).toBeVisible()
  await expect(sale.getByText('74,86 KM')).toBeVisible()
  await expect(sale.getByText('Akcijska cijena')).toBeVisible()
  await expect(sale.getByText('Veleprodajna cijena')).toHaveCount(0)
  await expect(sale.getByText('39,92 KM')).toHaveCount(0)
  const wholesale = lines.filter({ hasText: cheaperWholesale.name })
  await expect(wholesale.getByText('30,00 KM').first()).toBeVisible()
  await expect(wholesale.getByText('Veleprodajna cijena')).toBeVisible()
  // 2 x 37,43 + 30 = 104,86, plus delivery 10.
  await expect(main(page).getByText('114,86 KM')).toBeVisible()

  // The order charges the same.
  const order = await placeOrderThroughApi<{ products: { price: number }[] }>(
    request,
    {
      products: [{ product_id: onSale.customId, quantity: 1, price: 39.92 }],
      shippingAddress: { full_name: 'Veleprodaja Demo', phone_number: '063 111 222' },
      shippingMethod: { id: 'pickup', name: 'Osobno preuzimanje' },
    },
    session,
  )
  expect(order.products[0]?.price).toBe(37.43)

  // The product page strikes the wholesale price out and says why.
  await page.goto(`/product/${onSale.id}`)
  const price = main(page).locator('.price-tag--large')
  await expect(price.getByText('37,43 KM')).toBeVisible()
  await expect(price.locator('del', { hasText: '39,92 KM' })).toBeVisible()
  await expect(price.getByText('Akcijska cijena je niža od veleprodajne i vrijedi i za vas.')).toBeVisible()
  await page.goto(`/product/${cheaperWholesale.id}`)
  await expect(main(page).locator('.price-tag--large').locator('del', { hasText: '30,00 KM' })).toHaveCount(0)
  await expect(main(page).getByText('Akcijska cijena je niža od veleprodajne')).toHaveCount(0)
})

test('the free-shipping hint only where it applies; express keeps its price above the threshold', async ({ page }) => {
  await fillCart(page, [cartLine(lamp, '6500K', 1)])
  await page.goto('/cart')
  const hint = main(page).getByText('Besplatna dostava za narudžbe od 300,00 KM.')
  await expect(main(page).getByRole('radio', { name: /Dostava kurirskom službom/ })).toBeChecked()
  await expect(hint).toBeVisible()
  await main(page)
    .getByRole('radio', { name: /Osobno preuzimanje/ })
    .check()
  await expect(hint).toHaveCount(0)
  await main(page)
    .getByRole('radio', { name: /Brza dostava/ })
    .check()
  await expect(hint).toHaveCount(0)

  // Above the threshold the standard delivery is free, express is not.
  await page.evaluate(
    (lines) => {
      localStorage.setItem('shop.cart', JSON.stringify(lines))
      window.dispatchEvent(new Event('shop:cart-changed'))
    },
    [cartLine(bulky, null, 1)],
  )
  const express = main(page).locator('label.shipping-option', { hasText: 'Brza dostava' })
  const courier = main(page).locator('label.shipping-option', { hasText: 'Dostava kurirskom službom' })
  await expect(express.getByText('20,00 KM')).toBeVisible()
  await expect(courier.getByText('Besplatno')).toBeVisible()
  await expect(main(page).getByText('340,00 KM')).toBeVisible() // 320 + express 20
  await courier.getByRole('radio').check()
  await expect(main(page).locator('.cart-totals').getByText('Besplatno')).toBeVisible()
  await expect(main(page).locator('.cart-totals').getByText('320,00 KM').last()).toBeVisible()
})
