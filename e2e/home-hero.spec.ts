import { expect, test } from '@playwright/test'

// customer-side.md §4 Home carousels: the hero advances every 5 s until the shopper swipes, drags,
// touches or uses an arrow; then it stays where the shopper put it. The page's clock is driven by
// the test, so no real waiting is involved.
test('the hero advances every 5 s and stops for good after the shopper uses an arrow', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  const slides = page.getByRole('region', { name: 'Istaknuto u ponudi' })
  const dot = (number: number) => slides.getByRole('button', { name: new RegExp(`Prikaži slajd ${number}`) })
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')

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
