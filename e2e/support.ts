import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** Demo accounts of the seed (README: demo only). */
export const DEMO_PASSWORD = 'Demo1234!'

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(/e-?mail/i).fill(email)
  await page
    .getByLabel(/lozinka/i)
    .first()
    .fill(password)
  await page
    .getByRole('main')
    .getByRole('button', { name: /prijav/i })
    .click()
  await expect(page.getByRole('main')).toBeVisible()
}

export interface SunkMail {
  to: string[]
  subject: string
  text: string
  html: string
  receivedAt: string
}

const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3199)

/** Mail the shop delivered over SMTP to the test mail server (e2e/mail-sink.ts) for one address. */
export async function mailsTo(address: string): Promise<SunkMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`)
  return (await response.json()) as SunkMail[]
}

/** Waits (the mail worker polls every 2 s) until a mail whose subject matches arrives; returns it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).find((candidate) => subject.test(candidate.subject))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No mail matching ${subject} reached ${address} within ${timeoutMs} ms`)
}

/** The first link in a mail's text whose path starts with the given prefix, e.g. '/verify-email/'. */
export function linkIn(mail: SunkMail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/]/g, '\\/')}[^\\s"'<>]*`).exec(
    mail.text + mail.html,
  )
  if (!match) throw new Error(`No link to ${pathPrefix} in mail '${mail.subject}'`)
  return match[0]
}

/** A fresh address for a test that registers, so that runs and parallel spec files never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.example`
}

/** Registers a customer through POST /api/auth/register (unverified until the mailed link is used). */
export async function registerThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
  profile: Record<string, unknown> = {},
): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { email, password, full_name: 'Test Kupac', date_of_birth: '1990-05-12', ...profile },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** Signs in through the form and waits until the shop has left the sign-in page (the session is stored). */
export async function signInAndWait(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password)
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}

/**
 * Waits until the server-rendered page (issue 11) has been hydrated, so that its buttons and in-app
 * links work; a storefront page is readable before that, but clicks would go to the plain HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Set by the app once it has mounted or hydrated (apps/web/src/app/app.tsx, AppReadyMark).
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
}

/**
 * Opens a storefront address inside the app, as a shopper's click does: a full load of a storefront
 * page brings its data in the HTML (issue 11), so a test of what the browser's own call meets (a
 * failure, a slow answer) starts on another page and follows an in-app link.
 */
export async function openInApp(page: Page, linkName: string, from = '/about'): Promise<void> {
  await page.goto(from)
  await waitForHydration(page)
  await page.getByRole('link', { name: linkName, exact: true }).first().click()
}
