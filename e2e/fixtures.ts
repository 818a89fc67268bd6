import { test as base, type BrowserContext, type Page } from '@playwright/test'
import { authorizationOf } from './support.ts'

export { expect } from '@playwright/test'
export type { APIRequestContext, Browser, Download, Locator, Page, Request, Route } from '@playwright/test'

/**
 * The storefront pages arrive rendered by the server (docs/decisions.md 'Server rendering') and the app starts after their first
 * paint: they can be read before it has hydrated them, but a click or a keystroke before that goes to
 * plain HTML. Every navigation of every page a test opens (its own page, a second page of its context,
 * a page of a context it makes) therefore waits until the app marks the document ready
 * (`data-app-ready`, set once the app mounted), as a shopper waits for a page to react. Pages outside the
 * app (no #root) and pages whose scripts a test holds back are not waited for beyond the bound; pages of
 * a context without JavaScript are not waited for at all.
 */
async function untilAppReady(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined)
}

const waiting = new WeakSet<Page>()

function waitsForApp(page: Page): Page {
  if (waiting.has(page)) return page
  waiting.add(page)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await untilAppReady(page)
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await untilAppReady(page)
    return response
  }
  return page
}

function pagesWaitForApp(context: BrowserContext, javaScriptEnabled: boolean | undefined): BrowserContext {
  // Without JavaScript nothing will hydrate: the page is what the server sent.
  if (javaScriptEnabled === false) return context
  for (const page of context.pages()) waitsForApp(page)
  context.on('page', waitsForApp)
  return context
}

type StaffFixtures = {
  /** The demo admin's authorization header, for arranging a test's data through the staff API. */
  adminHeaders: { authorization: string }
}

export const test = base.extend<StaffFixtures>({
  adminHeaders: async ({ request }, use) => {
    await use(await authorizationOf(request, 'admin@demo.ba'))
  },
  context: async ({ context, javaScriptEnabled }, use) => {
    await use(pagesWaitForApp(context, javaScriptEnabled))
  },
  // A test that holds or forwards requests (page.route with route.fetch) may end while one is still on its way: its
  // handler's error would otherwise be reported against the next test of the worker.
  page: async ({ page }, use) => {
    await use(page)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => pagesWaitForApp(await newContext(options), options?.javaScriptEnabled)
      await use(browser)
    },
    { scope: 'worker' },
  ],
})
