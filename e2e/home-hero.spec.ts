import { expect, test, type Page } from './fixtures.ts'

/** The home page on a clock the test drives, its hero on the first slide; `dot(n)` is slide n's button. */
async function openHomeOnFirstSlide(page: Page) {
  await page.clock.install()
  await page.goto('/')
  const slides = page.getByRole('region', { name: 'Istaknuto u ponudi' })
  const dot = (number: number) => slides.getByRole('button', { name: new RegExp(`Prikaži slajd ${number}`) })
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')
  return { slides, dot }
}

// customer-side.md §4 Home carousels: the hero advances every 5 s until the shopper swipes, drags,
// touches or uses an arrow; then it stays where the shopper put it. The page's clock is driven by
// the test, so no real waiting is involved.
test('the hero advances every 5 s and stops for good after the shopper uses an arrow', async ({ page }) => {
  const { slides, dot } = await openHomeOnFirstSlide(page)

  await page.clock.runFor(5_100)
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
  await page.clock.runFor(5_000)
  await expect(dot(3)).toHaveAttribute('aria-current', 'true')

  await slides.getByRole('button', { name: 'Prethodni slajd' }).click()
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
  // Away from the hero (it also pauses while hovered or focused): it must stay stopped anyway.
  await page.mouse.move(0, 0)
  await page.getByRole('heading', { name: 'Naše usluge' }).click()
  await page.clock.runFor(30_000)
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
})

// customer-side.md §4 Home carousels: a drag over 50 px that is mostly horizontal changes the slide
// (left = forward, right = back). On a desktop the mouse drags the slide's link and picture, which
// the browser would otherwise start to drag as a link; the drag must not open the link either.
test('dragging the hero with the mouse over 50 px changes the slide and does not open its link', async ({ page }) => {
  const { slides, dot } = await openHomeOnFirstSlide(page)
  const box = await slides.boundingBox()
  if (!box) throw new Error('hero has no box')
  const y = box.y + box.height / 3

  await page.mouse.move(box.x + box.width * 0.7, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.5, y + 5, { steps: 8 })
  await page.mouse.move(box.x + box.width * 0.3, y + 10, { steps: 8 })
  await page.mouse.up()
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
  await expect(page).toHaveURL(/\/$/)

  // Back to the right: the previous slide.
  await page.mouse.move(box.x + box.width * 0.3, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.6, y, { steps: 10 })
  await page.mouse.up()
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')

  // A short drag (under 50 px) is not a swipe and opens nothing; a plain click still opens the link.
  await page.mouse.move(box.x + box.width * 0.5, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.5 - 30, y, { steps: 4 })
  await page.mouse.up()
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')
  await expect(page).toHaveURL(/\/$/)
  await page.mouse.click(box.x + box.width * 0.5, y)
  await expect(page).toHaveURL(/\/store/)
})

test('a touch swipe to the left still changes the slide', async ({ page }) => {
  await page.goto('/')
  const slides = page.getByRole('region', { name: 'Istaknuto u ponudi' })
  const dot = (number: number) => slides.getByRole('button', { name: new RegExp(`Prikaži slajd ${number}`) })
  const viewport = slides.locator('.hero-slider__viewport')
  const box = await viewport.boundingBox()
  if (!box) throw new Error('hero has no box')
  const y = box.y + box.height / 2
  const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true }
  await viewport.dispatchEvent('pointerdown', { ...touch, clientX: box.x + 300, clientY: y })
  await viewport.dispatchEvent('pointerup', { ...touch, clientX: box.x + 150, clientY: y + 10 })
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
})
