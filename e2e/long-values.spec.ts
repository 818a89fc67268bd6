import { maskEmail } from '../packages/shared/src/rules/contact-mask.ts'
import { expect, test, type Page } from './fixtures.ts'
import {
  authorizationOf,
  cartLine,
  createProduct,
  fillCart,
  linkIn,
  placeOrderThroughApi,
  signInThroughApi,
  uniqueSuffix,
  waitForMail,
  type CreatedProduct,
  type Session,
} from './support.ts'

// A buyer's long words (a 34-character e-mail and more, a long street, names and product names) wrap
// wherever the storefront shows them, at the narrowest phones (docs/decisions.md, 'Long words wrap').
const PASSWORD = 'Zelena-Jabuka-71'
const LONG_NAME = 'Marija-Magdalena Kovačević-Petrović-Hadžiosmanović'
const LONG_STREET = 'Ulica Kralja Petra Krešimira IV. Velikog bb, Poslovno-stambeni kompleks "Južna-Hercegovina"'

const state: { product: CreatedProduct; email: string; session: Session; orderId: string; orderPageToken: string } = {
  product: { id: '', customId: '', name: '' },
  email: '',
  session: { token: '', user: {} },
  orderId: '',
  orderPageToken: '',
}

test.beforeAll(async ({ request }) => {
  const suffix = uniqueSuffix().toLowerCase()
  const admin = await authorizationOf(request, 'admin@demo.ba')
  state.product = await createProduct(request, admin, {
    customId: `E2E-DUGI-NAZIV-ELEKTROINSTALACIJSKI-${suffix.toUpperCase()}`,
    name: `Elektroinstalacijskikabelskikanalsamoljepljivipolipropilenski bijeli 40×25 mm ${suffix}`,
    price: 126.65,
    stock: 50,
  })
  state.email = `marija.kovacevic.petrovic.${suffix}@hadziosmanovic-gradnja.example`
  const registered = await request.post('/api/auth/register', {
    data: {
      email: state.email,
      password: PASSWORD,
      full_name: LONG_NAME,
      date_of_birth: '1990-05-12',
      street_address: LONG_STREET,
      city: 'Mostar',
      zip_code: '88000',
    },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const token = linkIn(await waitForMail(state.email, /Potvrdite svoju e-poštu/), '/verify-email/').split(
    '/verify-email/',
  )[1]
  expect((await request.post(`/api/auth/verify-email/${token}`)).status()).toBe(200)
  state.session = await signInThroughApi(request, state.email, PASSWORD)
  const answer = await placeOrderThroughApi<{ id: string; orderPageToken: string }>(
    request,
    {
      products: [{ product_id: state.product.id, quantity: 1 }],
      shippingAddress: {
        full_name: LONG_NAME,
        phone_number: '063 123 456',
        street_address: LONG_STREET,
        city: 'Mostar',
        state: 'Hercegovačko-neretvanski kanton',
        zip_code: '88000',
        country: 'Bosna i Hercegovina',
      },
    },
    state.session,
  )
  state.orderId = answer.id
  state.orderPageToken = answer.orderPageToken
})

async function expectNoSideways(page: Page, width: number, what: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth, `${what} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width)
}

for (const width of [320, 390]) {
  test.describe(`long values at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the order confirmation, the orders and the account page stay within the phone', async ({ page }) => {
      await fillCart(page, [], state.session)
      await page.goto(`/order-confirmation/${state.orderId}`)
      await expect(page.getByText(state.product.name).first()).toBeVisible()
      await expectNoSideways(page, width, 'the order confirmation')

      // The order page shows the address, the e-mail partly masked (docs/decisions.md, 'The private order page').
      await page.goto(`/narudzba/${state.orderPageToken}`)
      await expect(page.getByText(LONG_STREET).first()).toBeVisible()
      await expect(page.getByText(maskEmail(state.email)).first()).toBeVisible()
      await expect(page.getByText(state.product.name).first()).toBeVisible()
      await expectNoSideways(page, width, 'the order page')

      await page.goto('/orders')
      await expect(page.getByText(state.product.name).first()).toBeVisible()
      await expectNoSideways(page, width, 'the orders page')

      await page.goto('/account')
      await expect(page.getByLabel('Email')).toHaveValue(state.email)
      await expectNoSideways(page, width, 'the account page')
    })

    test('the product page and the cart with a long product name stay within the phone', async ({ page }) => {
      await fillCart(page, [cartLine(state.product, null, 1)], state.session)
      await page.goto(`/product/${state.product.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Elektroinstalacijski')
      await expectNoSideways(page, width, 'the product page')

      await page.goto('/cart')
      await expect(page.getByText(state.product.name).first()).toBeVisible()
      await expectNoSideways(page, width, 'the cart')
    })
  })
}
