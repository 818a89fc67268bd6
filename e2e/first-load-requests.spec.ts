import { expect, test, type Page, type Request } from './fixtures.ts'

// What the first load requests, checked on the network of a real browser (docs/decisions.md
// 'Accessibility', hero and zod; bench/lighthouse.ts measures the budgets): hero slides only when about to show, brand logos and cart thumbnails at the width they are drawn,
// no staff or account texts (and no zod) on /cart before its form is opened, and no CSP violation.

function record(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  return requests
}

const paths = (requests: Request[], pattern: RegExp) =>
  requests.map((request) => new URL(request.url()).pathname).filter((path) => pattern.test(path))

/** '/api/images/slides/abc-w640.webp' -> '/api/images/slides/abc' (the image, whatever its width). */
const imageOf = (path: string) => path.replace(/(-w\d+)?\.webp$/, '')

test('at 390 px the home page loads the first hero slide only; the next one shortly before it shows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.clock.install()
  const requests = record(page)
  await page.goto('/')
  const slides = page.getByRole('region', { name: 'Istaknuto u ponudi' })
  await expect(slides.locator('img.is-loaded')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  const slideImages = () => [...new Set(paths(requests, /^\/api\/images\/slides\//).map(imageOf))]
  expect(slideImages()).toHaveLength(1)
  // The picture at its drawn width: the 640 px variant for a 390 px wide phone, never the original.
  expect(paths(requests, /^\/api\/images\/slides\//).every((path) => /-w(320|640)\.webp$/.test(path))).toBe(true)

  // Autoplay shows slide 2 at 5 s; its picture is fetched before that, not with the page.
  await page.clock.runFor(4_000)
  await expect.poll(() => slideImages().length).toBe(2)
  await page.clock.runFor(1_100)
  await expect(slides.getByRole('button', { name: /Prikaži slajd 2/ })).toHaveAttribute('aria-current', 'true')
  expect(slideImages()).toHaveLength(2)
})

test('brand logos are requested at a width that fits their box, not 640 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const requests = record(page)
  await page.goto('/')
  const logos = page.locator('.brand-tile img')
  await logos.first().scrollIntoViewIfNeeded()
  await expect(logos.first()).toHaveJSProperty('complete', true)
  const box = await logos.first().boundingBox()
  expect(box?.width).toBeLessThanOrEqual(160)
  const current = await logos.first().evaluate((image: HTMLImageElement) => image.currentSrc)
  expect(current).toMatch(/-w320\.webp$/)
  expect(paths(requests, /^\/api\/images\/brands\//).filter((path) => !/-w320\.webp$/.test(path))).toEqual([])
})

test('/cart: small thumbnails, no staff, account or zod code before the form opens, and no CSP violation', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as {
    id: string
    name: string
    has_sizes: boolean
    stock: number
    infinite_stock: boolean
    images: { url: string; is_primary: boolean }[]
  }[]
  const product = products.find(
    (candidate) =>
      !candidate.has_sizes && (candidate.infinite_stock || candidate.stock > 0) && candidate.images.length > 0,
  )
  if (!product) throw new Error('the demo has no product with a picture in stock')
  await page.goto(`/product/${product.id}`)
  await page.locator('.product-info__add').click()
  await expect(page.locator('.cart-link__badge')).toBeVisible()

  // Every CSP violation the page reports (zod's Function("") probe was one), from before any script.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
      consoleErrors.push(message.text())
  })
  const requests = record(page)
  await page.goto('/cart')
  const thumbnail = page.locator('.cart-line img').first()
  await expect(thumbnail).toBeVisible()
  await page.waitForLoadState('networkidle')

  // The 320 px variant for a 96 px box, not the 1024 px (or larger) original.
  expect(await thumbnail.getAttribute('src')).toMatch(/-w320\.webp$/)
  expect(paths(requests, /^\/api\/images\//).every((path) => /-w320\.webp$/.test(path))).toBe(true)

  // The chunks are named after their first module (Vite): staff texts, account texts and zod stay away.
  const scripts = paths(requests, /\.js$/).map((path) => path.split('/').pop() ?? '')
  expect(scripts.filter((name) => /^(admin|account|auth|profile|zod|checkout|schemas)[-.]/.test(name))).toEqual([])

  // Opening the form brings the form's code (and zod), still without the staff texts.
  await page.locator('.cart-aside').getByRole('button', { name: 'Nastavite' }).click()
  await expect(page.locator('#checkout-form')).toBeVisible()
  const afterOpening = paths(requests, /\.js$/).map((path) => path.split('/').pop() ?? '')
  expect(afterOpening.some((name) => name.startsWith('checkout-form'))).toBe(true)
  expect(afterOpening.filter((name) => /^(admin)[-.]/.test(name))).toEqual([])
  await page.locator('button[type="submit"][form]').click()
  await expect(page.locator('#checkout-form [aria-invalid="true"]').first()).toBeVisible()

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  expect(consoleErrors).toEqual([])
})
