import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describePage, renderHead, type PageHead } from './service.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'

// Issue 11 §1: the storefront pages answer with their HTML rendered by the web app's own components
// (apps/web/src/entry-server.tsx, built into WEB_DIST/server), from the same API answers the page
// would fetch, asked in-process (app.inject), embedded in the page so that the hydration asks nothing
// again. The render is a guest's (the token lives in the browser's storage); signed-in wholesale and
// staff users get their prices from the browser after the hydration (DECISIONS).

type ServerBundle = {
  render(url: string, onError?: (error: unknown) => void): Promise<{ html: string; dataJson: string }>
  answerCallsWith(send: typeof fetch): void
  serverRenderedSource(pathname: string): string | undefined
  SERVER_DATA_ID: string
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[] }

export type RenderedPage = { status: number; html: string; cache: 'hit' | 'miss' }

/** Pages kept per process; a render costs a few milliseconds, a kept page none. */
const MAX_PAGES = 500
/** The same bound on staleness as the catalogue answers the page was made from (cache.ts maxAgeMs). */
const MAX_PAGE_AGE_MS = 30_000

/**
 * Loads WEB_DIST/server/entry-server.js when the build has one; undefined otherwise (the pages are
 * then rendered in the browser, as before issue 11).
 */
export async function createPageRenderer(
  app: FastifyInstance,
  webRoot: string,
  indexHtml: string,
): Promise<((request: FastifyRequest) => Promise<RenderedPage | undefined>) | undefined> {
  const bundleFile = path.join(webRoot, 'server', 'entry-server.js')
  if (!fs.existsSync(bundleFile)) return undefined
  const bundle = (await import(pathToFileURL(bundleFile).href)) as ServerBundle
  const manifest = readManifest(webRoot)
  const caller = new AsyncLocalStorage<string>()
  bundle.answerCallsWith(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    if (method !== 'GET') throw new Error(`the server render only reads (${method} ${url})`)
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      // Per-address limits (searches) count the visitor, not the server.
      remoteAddress: caller.getStore() ?? '127.0.0.1',
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304
    return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers })
  })

  // Once per process: the shell a rendered page starts from (index.html without the app's preloads)
  // and the stylesheets it links already.
  const renderedShell = withoutAppPreloads(indexHtml)
  const shellStyles = stylesheetsOf(indexHtml)
  const cache = responseCacheFor(app)
  const pages = new Map<string, { html: string; version: number; stockSequence: number; storedAt: number }>()
  const rendering = new Map<string, Promise<{ html: string; status: number; isComplete: boolean }>>()

  async function produce(url: string, pathname: string) {
    const head = await describePage(app.db, app.config.publicUrl, pathname)
    // A missing product (404) keeps the shell: the browser shows the app's not-found page.
    if (head.status !== 200) return { html: renderHead(indexHtml, head), status: head.status, isComplete: false }
    let isComplete = true
    let rendered: { html: string; dataJson: string }
    try {
      rendered = await bundle.render(url, (error) => {
        isComplete = false
        app.log.warn({ err: error, url }, 'server render: a part of the page is left to the browser')
      })
    } catch (error) {
      // A component that throws on the server must not cost the shopper the page: the browser renders it.
      app.log.error({ err: error, url }, 'server render failed: the page is rendered in the browser')
      return { html: renderHead(indexHtml, head), status: 200, isComplete: false }
    }
    const { html, dataJson } = rendered
    const styles = pageStyleLinks(shellStyles, manifest, bundle.serverRenderedSource(pathname))
    return {
      html: composePage(renderedShell, head, html, dataJson, bundle.SERVER_DATA_ID, styles),
      status: 200,
      isComplete,
    }
  }

  return async (request) => {
    const url = request.url
    const pathname = url.split('?')[0] ?? '/'
    if (bundle.serverRenderedSource(pathname) === undefined) return undefined
    // The page is as current as the catalogue answers: a staff write (generation) or an order that
    // moved stock (the cache's stock sequence, issue 12) renders it again.
    const version = await cache.currentVersion()
    const stockSequence = cache.stockSequence
    const kept = pages.get(url)
    if (
      kept &&
      kept.version === version &&
      kept.stockSequence === stockSequence &&
      Date.now() - kept.storedAt < MAX_PAGE_AGE_MS
    ) {
      pages.delete(url)
      pages.set(url, kept)
      return { status: 200, html: kept.html, cache: 'hit' }
    }
    // Concurrent first visits of one address share one render.
    const flightKey = `${version}\u0000${stockSequence}\u0000${url}`
    let running = rendering.get(flightKey)
    if (!running) {
      running = caller.run(request.ip, () => produce(url, pathname)).finally(() => rendering.delete(flightKey))
      rendering.set(flightKey, running)
    }
    const page = await running
    // Kept only when whole and made from data still current (a write or an order during the render drops it).
    const isCurrent = version === (await cache.currentVersion()) && stockSequence === cache.stockSequence
    if (page.status === 200 && page.isComplete && isCurrent) {
      pages.delete(url)
      pages.set(url, { html: page.html, version, stockSequence, storedAt: Date.now() })
      for (const oldest of pages.keys()) {
        if (pages.size <= MAX_PAGES) break
        pages.delete(oldest)
      }
    }
    return { status: page.status, html: page.html, cache: 'miss' }
  }
}

function readManifest(webRoot: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >
  } catch {
    return {}
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/**
 * The page's own styles, those index.html does not link already (it links the entry's and the app
 * shell's), so that the rendered HTML paints styled. Its scripts are not preloaded (withoutAppPreloads).
 */
function pageStyleLinks(
  inIndex: ReadonlySet<string>,
  manifest: Record<string, ManifestChunk>,
  source: string | undefined,
): string[] {
  if (!source || !manifest[source]) return []
  const styles: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const style of chunk.css ?? []) if (!inIndex.has(style) && !styles.includes(style)) styles.push(style)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(source)
  return styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`)
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i')

/**
 * The largest image of the first screen (the one the page marks fetchpriority="high") as a preload in
 * the head, with its srcset and sizes, so the browser asks for it at the width it will draw before
 * it has parsed the body; a <picture>'s phone source gets its own preload for its media query.
 */
export function lcpImagePreloads(appHtml: string): string[] {
  const image = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(appHtml)
  if (!image) return []
  const before = appHtml.slice(0, image.index)
  const pictureStart = before.lastIndexOf('<picture')
  const isInPicture = pictureStart !== -1 && before.lastIndexOf('</picture>') < pictureStart
  const sources = isInPicture ? (before.slice(pictureStart).match(/<source\b[^>]*>/g) ?? []) : []
  const link = (tag: string, media: string | undefined) => {
    const srcset = ATTRIBUTE('srcset').exec(tag)?.[1]
    const sizes = ATTRIBUTE('sizes').exec(tag)?.[1]
    const src = ATTRIBUTE('src').exec(tag)?.[1]
    if (!srcset && !src) return undefined
    return [
      '<link rel="preload" as="image" fetchpriority="high"',
      src ? ` href="${src}"` : '',
      srcset ? ` imagesrcset="${srcset}"` : '',
      sizes ? ` imagesizes="${sizes}"` : '',
      media ? ` media="${media}"` : '',
      '>',
    ].join('')
  }
  const medias = sources.map((tag) => ATTRIBUTE('media').exec(tag)?.[1]).filter((media) => media !== undefined)
  const imageMedia = medias.length > 0 ? medias.map((media) => `not all and ${media}`).join(', ') : undefined
  return [...sources.map((tag) => link(tag, ATTRIBUTE('media').exec(tag)?.[1])), link(image[0], imageMedia)].filter(
    (tag): tag is string => tag !== undefined,
  )
}

/**
 * A rendered page paints before the app's scripts load (apps/web/src/boot.ts starts the app after the
 * first paint): index.html's module preloads, which a page rendered in the browser needs at once, are
 * left out, so that on a slow link the styles and the LCP image have it to themselves (measured with
 * bench/lighthouse.ts).
 */
/** The files index.html links as stylesheets ('assets/…', as the manifest names them). */
function stylesheetsOf(indexHtml: string): Set<string> {
  return new Set([...indexHtml.matchAll(/<link rel="stylesheet"[^>]*\shref="\/([^"]+)"/g)].map((match) => match[1]!))
}

function withoutAppPreloads(html: string): string {
  return html.replace(/\n?\s*<link rel="modulepreload"[^>]*>/g, '')
}

function composePage(
  shell: string,
  head: PageHead,
  appHtml: string,
  dataJson: string,
  dataId: string,
  pageStyles: readonly string[],
): string {
  const links = [...lcpImagePreloads(appHtml), ...pageStyles]
  const withHead = renderHead(shell, head).replace('</head>', `    ${links.join('\n    ')}\n  </head>`)
  const data = `<script type="application/json" id="${dataId}">${dataJson}</script>`
  return withHead.replace('<div id="root"></div>', () => `<div id="root">${appHtml}</div>\n    ${data}`)
}
