import { expect, type Page } from '@playwright/test'

/** Demo accounts of the seed (README: demo only). */
export const DEMO_PASSWORD = 'Demo1234!'

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(/e-?mail/i).fill(email)
  await page.getByLabel(/lozinka/i).first().fill(password)
  await page.getByRole('main').getByRole('button', { name: /prijav/i }).click()
  await expect(page.getByRole('main')).toBeVisible()
}
