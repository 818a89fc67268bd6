import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'
export type { APIRequestContext, Browser, Locator, Page, Request, Route } from '@playwright/test'

/**
 * The storefront pages arrive rendered by the server (issue 11): they can be read before the app has
 * hydrated them, but a click or a keystroke before that goes to plain HTML. Every navigation of the
 * test's page therefore waits until the app marks the document ready (`data-app-ready`, set once the
 * app mounted), as a shopper waits for a page to react. Pages outside the app (no #root) and pages whose
 * scripts a test holds back are not waited for beyond the bound.
 */
async function untilAppReady(page: import('@playwright/test').Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined)
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript nothing will hydrate: the page is what the server sent.
    if (javaScriptEnabled === false) return use(page)
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
    await use(page)
  },
})
