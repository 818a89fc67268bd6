import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BuildManifest, PageRenderer, ServerEntry, ServerEntryModule, TextAnswer } from '@shop/web/server/contract'
import { readInProcess } from '../platform/in-process-reads.ts'
import {
  acceptedEncoding,
  COMPRESSORS,
  MIN_COMPRESSED_BYTES,
  responseCacheFor,
  type Encoding,
} from '../platform/response-cache.ts'

// The storefront pages answer with their HTML rendered by the web app's own components (its server
// bundle, WEB_DIST/server/entry-server.js, called through the contract the web exports), from the same
// API answers the page would fetch, read in-process (from the services, else app.inject) and embedded in the page, so that
// the hydration asks nothing again. The render is a guest's (the token lives in the browser's
// storage); signed-in wholesale and staff users get their prices from the browser after the
// hydration (docs/decisions.md, server rendering). This file keeps the rendered pages.

export type RenderedPage = {
  status: number
  html: string
  cache?: 'hit' | 'miss'
  /** A kept page compressed once for the encoding the client accepts (sent as it is, with its Content-Encoding). */
  compressed?: { encoding: Encoding; body: Buffer }
}

export type ServerRender = {
  /** The web's server entry: the route table's sitemap and robots rules come from it too. */
  entry: ServerEntry
  /** Any address outside /api: a storefront page rendered (and kept), or the app shell with its head. */
  renderPage(request: FastifyRequest): Promise<RenderedPage>
}

/** Pages kept per process; a render costs a few milliseconds, a kept page none. */
const MAX_PAGES = 500
/** And their HTML at most this many characters (docs/decisions.md, 'Memory'): a catalogue of long pages stays bounded too. */
const MAX_PAGE_CHARACTERS = 32 * 1024 * 1024
/** The same bound on staleness as the catalogue answers the page was made from (cache.ts maxAgeMs). */
const MAX_PAGE_AGE_MS = 30_000
/**
 * Renders running at once per process (docs/decisions.md, 'Kept pages'): past it, a page not kept is sent as the
 * app shell with its head and the browser renders it, so that a crawl of many new addresses cannot queue renders
 * ahead of every other request.
 */
export const MAX_CONCURRENT_RENDERS = 8

/**
 * Loads WEB_DIST/server/entry-server.js when the build has one; undefined otherwise (the pages are
 * then rendered in the browser, from index.html as it is, and there is no sitemap).
 */
export async function loadServerRender(
  app: FastifyInstance,
  webRoot: string,
  indexHtml: string,
): Promise<ServerRender | undefined> {
  const bundleFile = path.join(webRoot, 'server', 'entry-server.js')
  if (!fs.existsSync(bundleFile)) {
    app.log.warn({ webRoot }, 'the web build has no server bundle: pages are rendered in the browser only')
    return undefined
  }
  // The module's shape is the web's contract type; the web checks its entry against the same type.
  const { default: entry } = (await import(pathToFileURL(bundleFile).href)) as ServerEntryModule
  const renderer = entry.createRenderer({ indexHtml, manifest: readManifest(webRoot) })
  return { entry, renderPage: keptPages(app, renderer) }
}

function readManifest(webRoot: string): BuildManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as BuildManifest
  } catch {
    return undefined
  }
}

/**
 * The app's GET calls of one render: a public read from the domain's service and the response cache directly
 * (docs/decisions.md, 'A render from the services'); any other address, a read that declines (a search, whose
 * per-address limit counts the visitor) or one that fails (a missing product's 404) asked of the API in-process.
 */
function answerInProcess(app: FastifyInstance, visitor: string) {
  return async (url: string, init?: { method?: string }): Promise<Response | TextAnswer> => {
    const method = (init?.method ?? 'GET').toUpperCase()
    if (method !== 'GET') throw new Error(`the server render only reads (${method} ${url})`)
    // Its JSON text as it is: the render reads it without a Response (docs/decisions.md, 'A render that costs little').
    const direct = await readInProcess(app.db, url).catch(() => undefined)
    if (direct) return direct
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      remoteAddress: visitor,
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304
    return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers })
  }
}

function keptPages(app: FastifyInstance, renderer: PageRenderer) {
  const cache = responseCacheFor(app)
  type KeptPage = {
    html: string
    version: number
    stockSequence: number
    storedAt: number
    encoded: Partial<Record<Encoding, Buffer>>
  }
  const pages = new Map<string, KeptPage>()
  const rendering = new Map<string, ReturnType<PageRenderer['renderPage']>>()
  let keptCharacters = 0
  const sizeOf = (page: KeptPage) =>
    page.html.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0)
  const forget = (url: string) => {
    const page = pages.get(url)
    if (page) keptCharacters -= sizeOf(page)
    pages.delete(url)
  }
  // A kept page is compressed once per encoding, as the response cache does for its answers (@fastify/compress
  // would compress its tens of kilobytes again on every request).
  const compressedFor = (request: FastifyRequest, page: KeptPage): RenderedPage['compressed'] => {
    if (page.html.length < MIN_COMPRESSED_BYTES) return undefined
    const encoding = acceptedEncoding(request.headers['accept-encoding'])
    if (!encoding) return undefined
    let body = page.encoded[encoding]
    if (!body) {
      body = COMPRESSORS[encoding](page.html)
      page.encoded[encoding] = body
      keptCharacters += body.length
    }
    return { encoding, body }
  }
  const render = (request: FastifyRequest, url: string, isShellOnly = false) =>
    renderer.renderPage({
      url,
      publicUrl: app.config.publicUrl,
      fetch: answerInProcess(app, request.ip),
      onError: (error, message) => app.log.warn({ err: error, url }, `server render: ${message}`),
      isShellOnly,
    })

  return async (request: FastifyRequest): Promise<RenderedPage> => {
    const pathname = request.url.split('?')[0] ?? '/'
    if (!renderer.isServerRendered(pathname)) {
      const shell = await render(request, request.url)
      return { status: shell.status, html: shell.html }
    }
    // One page per the parameters it reads: a campaign's ?utm_source=… is the same page, rendered and kept once.
    const url = renderer.pageKey(request.url)
    // The page is as current as the catalogue answers: a staff write (generation) or an order that
    // moved stock (the cache's stock sequence) renders it again.
    const version = await cache.currentVersion()
    const stockSequence = cache.stockSequence
    const kept = pages.get(url)
    if (
      app.config.isCatalogueCacheOn &&
      kept &&
      kept.version === version &&
      kept.stockSequence === stockSequence &&
      Date.now() - kept.storedAt < MAX_PAGE_AGE_MS
    ) {
      pages.delete(url)
      pages.set(url, kept)
      return { status: 200, html: kept.html, cache: 'hit', compressed: compressedFor(request, kept) }
    }
    // Concurrent first visits of one address share one render.
    const flightKey = `${version}\u0000${stockSequence}\u0000${url}`
    let running = rendering.get(flightKey)
    if (!running) {
      if (rendering.size >= MAX_CONCURRENT_RENDERS) {
        const shell = await render(request, url, true)
        return { status: shell.status, html: shell.html, cache: 'miss' }
      }
      running = render(request, url).finally(() => rendering.delete(flightKey))
      rendering.set(flightKey, running)
    }
    const page = await running
    // Kept only when whole and made from data still current (a write or an order during the render drops it).
    const isCurrent = version === (await cache.currentVersion()) && stockSequence === cache.stockSequence
    // CATALOGUE_CACHE=off keeps no page either (docs/decisions.md, 'Kept pages').
    if (app.config.isCatalogueCacheOn && page.status === 200 && page.isServerRendered && page.isComplete && isCurrent) {
      forget(url)
      pages.set(url, { html: page.html, version, stockSequence, storedAt: Date.now(), encoded: {} })
      keptCharacters += page.html.length
      for (const oldest of pages.keys()) {
        if (pages.size <= MAX_PAGES && keptCharacters <= MAX_PAGE_CHARACTERS) break
        forget(oldest)
      }
    }
    return { status: page.status, html: page.html, cache: 'miss' }
  }
}
