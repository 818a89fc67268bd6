// The storefront pages in a real Chromium, throttled as Lighthouse's mobile profile describes it
// (150 ms round trip, 1.6 Mbit/s down, 4x CPU slowdown) but applied by the browser itself rather than
// simulated: first contentful paint, largest contentful paint, when the app marks the document ready
// (data-app-ready: its buttons answer from then on) and the blocking time of the long tasks (each task's
// time over 50 ms, the whole load). Median of N loads per page, each in a fresh context without cache.
// Lighthouse (bench/lighthouse.ts) models the network; this is the browser's own account, to check
// what a change that helps the model costs or gains a shopper.
//   npm start (or any built server), then:
//   node --import tsx bench/real-load.ts [--url http://127.0.0.1:3000] [--runs 5]
import { chromium } from 'playwright-core'

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? undefined : process.argv[index + 1]
}

const baseUrl = (argument('url') ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
const runs = Number(argument('runs') ?? 5)
const PAGES = { home: '/', store: '/store', restaurant: '/restoran', wholesale: '/veleprodaja' }

type Load = { fcp: number; lcp: number; ready: number; blocking: number }

/** Runs in the page (a function, not text: the shop's CSP forbids evaluating text there). */
function isAppReady(): boolean {
  const page = globalThis as unknown as { document: { documentElement: { hasAttribute(name: string): boolean } } }
  return page.document.documentElement.hasAttribute('data-app-ready')
}

const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
console.log(`real Chromium, 150 ms RTT, 1.6 Mbit/s, 4x CPU, median of ${runs} loads, ${baseUrl}`)
console.log('| page | FCP | LCP | app ready | blocking time |')
console.log('|---|---|---|---|---|')
try {
  for (const [name, path] of Object.entries(PAGES)) {
    const loads: Load[] = []
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
      const page = await context.newPage()
      // In the page (as text: this file is compiled without the DOM's types).
      await page.addInitScript({
        content: `
          window.shopLcp = 0; window.shopBlocking = 0;
          new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.shopLcp = entry.startTime })
            .observe({ type: 'largest-contentful-paint', buffered: true });
          new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.shopBlocking += Math.max(0, entry.duration - 50) })
            .observe({ type: 'longtask', buffered: true });`,
      })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' })
      await page.waitForFunction(isAppReady, undefined, { timeout: 60_000, polling: 50 })
      const ready = await page.evaluate<number>('performance.now()')
      // Long tasks and a late LCP candidate after the app is ready still count.
      await page.waitForTimeout(1_500)
      const measured = await page.evaluate<Omit<Load, 'ready'>>(`({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        lcp: window.shopLcp,
        blocking: window.shopBlocking,
      })`)
      loads.push({ ...measured, ready })
      await context.close()
    }
    const pick = (field: keyof Load) => Math.round(median(loads.map((load) => load[field])))
    console.log(`| ${name} | ${pick('fcp')} ms | ${pick('lcp')} ms | ${pick('ready')} ms | ${pick('blocking')} ms |`)
  }
} finally {
  await browser.close()
}
