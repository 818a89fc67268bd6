import { expect, test, type Page } from './fixtures.ts'

// Layout shift (docs/decisions.md 'Walk-through fixes' and 'First paint before the app'): cumulative
// layout shift <= 0.02 on first load, measured in the browser with a PerformanceObserver while the
// JavaScript arrives late (each script held back), the case where a page that is not rendered on the
// server shows an empty frame first and its footer would jump.

const CLS_BUDGET = 0.02
const SCRIPT_DELAY_MS = 800

/** Sums the layout shifts (without those after an input), as the CLS metric does for a short page view. */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { total: 0, shifts: [] as string[] }
    ;(window as unknown as { layoutShift: typeof state }).layoutShift = state
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null }[]
      })[]) {
        if (entry.hadRecentInput) continue
        state.total += entry.value
        const nodes = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : '?',
        )
        state.shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

async function delayScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS))
    await route.continue()
  })
}

test.describe.configure({ timeout: 90_000 })

const PAGES = ['/', '/store', '/restoran', '/veleprodaja', '/about', '/cart', '/login']

for (const width of [390, 1280]) {
  test(`first load with late scripts shifts the layout by at most ${CLS_BUDGET} at ${width} px`, async ({
    page,
    request,
  }) => {
    const products = (await (await request.get('/api/products')).json()) as { id: string }[]
    const paths = [...PAGES, `/product/${products[0]?.id}`]
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
    await observeLayoutShift(page)
    await delayScripts(page)
    const results: string[] = []
    for (const path of paths) {
      await page.goto(path)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeAttached()
      await page.waitForLoadState('networkidle')
      // Pictures decode and late fonts settle; the observer reports shifts within a frame or two.
      await page.waitForTimeout(300)
      const { total, shifts } = await page.evaluate(
        () => (window as unknown as { layoutShift: { total: number; shifts: string[] } }).layoutShift,
      )
      test.info().annotations.push({ type: 'CLS', description: `${path} ${total.toFixed(4)}` })
      if (total > CLS_BUDGET) results.push(`${path}: CLS ${total.toFixed(4)}\n    ${shifts.join('\n    ')}`)
    }
    expect(results, results.join('\n')).toEqual([])
  })
}

// The page's space is reserved while its own code loads: only the page's chunk is held back, as on a
// slow line, and the shifts until the page has settled are added up.
for (const width of [390, 1280]) {
  for (const path of ['/', '/store']) {
    test(`first load of ${path} at ${width} px, its page's code held back, does not shift the layout`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 })
      await observeLayoutShift(page)
      await page.route(/\/assets\/(home-page|store-page)-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
      await page.goto(path)
      await expect(page.locator(path === '/' ? '.hero-slider' : '.product-card').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      // Let images and fonts that arrived last take their place before the sum is read.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))))
      const { total, shifts } = await page.evaluate(
        () => (window as unknown as { layoutShift: { total: number; shifts: string[] } }).layoutShift,
      )
      expect(total, shifts.join('\n')).toBeLessThanOrEqual(CLS_BUDGET)
    })
  }
}
