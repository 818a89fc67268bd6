// The server render of the storefront pages (docs/decisions.md, server rendering), built by Vite's SSR
// build into dist/server/entry-server.js and loaded by the API (apps/api/src/server-render/render.ts);
// in `npm run dev` Vite's dev server loads it (vite.config.ts). Its default export is the contract
// the API calls (server/contract.ts). The page is rendered by the same components as in the browser,
// as a guest (the server never sees the stored token), from the same API answers, which the API
// gives in-process.
import { AsyncLocalStorage } from 'node:async_hooks'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { generatePath, StaticRouter } from 'react-router'
import { AppContent, AppProviders } from './app/app.tsx'
import { matchRoute, ServerRouteContext } from './app/router.tsx'
import { ROUTES, type PageRoute } from './app/routes.tsx'
import { answerCallsWith } from './lib/api-client.ts'
import {
  ServerLoadsContext,
  SERVER_DATA_ID,
  type Loader,
  type LoadPlan,
  type PlannedAddress,
  type ServerLoads,
  type StartLoad,
} from './lib/server-data.ts'
import { embeddedKey } from './lib/use-load.ts'
import { SITE_INFO_LOAD } from './app/layout/site-info.ts'
import {
  composePage,
  jsonForScript,
  pageStyleLinks,
  stylesheetsOf,
  withHead,
  withoutAppPreloads,
} from './server/compose-page.ts'
import type {
  PageAnswer,
  PageRequest,
  ServerEntry,
  ServerRenderFiles,
  SitemapEntry,
  TextAnswer,
} from './server/contract.ts'
import { describeFromMessages, type DescribedPage } from './server/page-head.ts'

/** A render whose data takes longer than this is cut short; what is missing loads in the browser. */
const RENDER_TIMEOUT_MS = 5_000

type Send = PageRequest['fetch']
/** What the app's API client calls (lib/api-client.ts answerCallsWith): a Response, or what stands for one. */
type AppSend = (url: string, init?: { method?: string }) => Promise<Response>

// The app's API client is one module-wide object; each render's calls go to that render's `fetch`.
const currentRender = new AsyncLocalStorage<AppSend>()
answerCallsWith((input, init) => {
  const send = currentRender.getStore()
  if (!send) return Promise.reject(new Error('the app called the API outside a server render'))
  const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url
  return send(url, init)
})

/** What the app's API client reads of an answer's headers: `get` (content type, a renewed token). */
type HeaderLookup = Pick<Headers, 'get'>
type Answer = { status: number; headers: HeaderLookup; body: string | null }

const JSON_TYPE = 'application/json; charset=utf-8'

/** A text answer's one header, without building a Headers object for every read of every render. */
function contentTypeOnly(contentType: string): HeaderLookup {
  return { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) }
}

/**
 * What the app's API client reads of an answer (lib/api-client.ts: status, ok, headers, text), from a text kept in
 * memory: the render's reads neither build nor read a Response's stream (docs/decisions.md, 'A render that costs
 * little'). The server render only reads JSON, so nothing else of Response is asked for.
 */
class KeptAnswer {
  readonly ok: boolean
  constructor(
    readonly status: number,
    readonly headers: HeaderLookup,
    private readonly body: string | null,
  ) {
    this.ok = status >= 200 && status < 300
  }
  text(): Promise<string> {
    return Promise.resolve(this.body ?? '')
  }
  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.body ?? '') as unknown)
  }
}

async function answerOf(answer: Response | TextAnswer): Promise<Answer> {
  if (!(answer instanceof Response)) {
    return { status: answer.status, headers: contentTypeOnly(answer.contentType ?? JSON_TYPE), body: answer.body }
  }
  const hasBody = answer.status !== 204 && answer.status !== 304
  return { status: answer.status, headers: answer.headers, body: hasBody ? await answer.text() : null }
}

/**
 * Within one render each address is asked once, whoever asks: the product page's head and its body
 * read the product from one answer. The server render only reads.
 */
function sharedReads(send: Send): AppSend {
  const answers = new Map<string, Promise<Answer>>()
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    if (method !== 'GET') throw new Error(`the server render only reads (${method} ${url})`)
    let answer = answers.get(url)
    if (!answer) {
      answer = send(url, { method }).then(answerOf)
      answers.set(url, answer)
    }
    const { status, headers, body } = await answer
    return new KeptAnswer(status, headers, body) as unknown as Response
  }
}

type Read = Promise<{ data: unknown } | undefined> & { status?: 'fulfilled'; value?: { data: unknown } | undefined }

function createServerLoads(send: AppSend) {
  const reads = new Map<string, Read>()
  const data: Record<string, unknown> = {}
  const signal = new AbortController().signal
  /** Set while the page renders in one pass: a load not yet answered then is a miss (the page must wait for data). */
  let isOnePass = false
  let hasMissed = false
  const loads: ServerLoads = {
    read<T>(key: string, load: Loader<T>) {
      let read = reads.get(key)
      if (isOnePass && read?.status !== 'fulfilled') hasMissed = true
      if (!read) {
        // A failed call is left to the browser, which shows the page's own loading or error state.
        const started: Read = currentRender
          .run(send, () => load(signal))
          .then(
            (answer) => {
              data[key] = answer
              return { data: answer as unknown }
            },
            () => undefined,
          )
        // React's protocol for a settled promise: use() then gives its value without suspending.
        void started.then((value) => {
          started.status = 'fulfilled'
          started.value = value
        })
        read = started
        reads.set(key, read)
      }
      return read as Promise<{ data: T } | undefined>
    },
  }
  /**
   * Runs the frame's load and the page's plan, and waits until every load they started has answered (or the render's
   * time is up): true when all answered.
   */
  async function runPlan(plan: LoadPlan, address: PlannedAddress, deadline: AbortSignal): Promise<boolean> {
    const start: StartLoad = (keyed) => loads.read(embeddedKey(keyed.key), keyed.load).then((answer) => answer?.data)
    const timeUp = new Promise<void>((resolve) => deadline.addEventListener('abort', () => resolve(), { once: true }))
    const planned = (async () => {
      await Promise.all([loads.read(SITE_INFO_LOAD.key, SITE_INFO_LOAD.load), plan(address, start)])
      // A load the plan started and did not wait for.
      await Promise.all(reads.values())
    })()
    await Promise.race([planned, timeUp])
    return [...reads.values()].every((read) => read.status === 'fulfilled')
  }
  /** The page rendered in one pass, or undefined when it read a load its plan had not answered. */
  function renderInOnePass(render: () => string): string | undefined {
    isOnePass = true
    hasMissed = false
    try {
      const html = render()
      return hasMissed ? undefined : html
    } catch {
      // A load the page suspended on outside a boundary: the render that waits for data takes over.
      return undefined
    } finally {
      isOnePass = false
    }
  }
  return { loads, data, runPlan, renderInOnePass }
}

async function textOf(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  // React's chunks are joined as they come (Buffer.concat copies them once): no copy of each chunk first.
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** The app as the server renders it, for one address and its loads. */
function serverApp(url: string, route: PageRoute, loads: ServerLoads) {
  return (
    <StrictMode>
      <ServerLoadsContext value={loads}>
        <ServerRouteContext value={route}>
          <AppProviders>
            <StaticRouter location={url}>
              <AppContent />
            </StaticRouter>
          </AppProviders>
        </ServerRouteContext>
      </ServerLoadsContext>
    </StrictMode>
  )
}

/**
 * The app's HTML for one address, once all its data has arrived. A page with a load plan has its loads started first
 * and, when all have answered, renders in one pass to a string (docs/decisions.md, 'Loads planned before the
 * render'); otherwise, or when the page reads a load its plan did not start, React's static prerender waits for every
 * load the page starts (one after another where a load needs another's answer), in one render.
 */
async function renderApp(
  url: string,
  route: PageRoute,
  params: PlannedAddress['params'],
  send: AppSend,
  onError: PageRequest['onError'],
): Promise<{ html: string; dataJson: string; isComplete: boolean; isRenderedInOnePass: boolean }> {
  const { loads, data, runPlan, renderInOnePass } = createServerLoads(send)
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS)
  const plan = route.page.loadPlan()
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : ''
  if (plan && (await runPlan(plan, { params, search }, signal))) {
    const html = renderInOnePass(() => renderToString(serverApp(url, route, loads)))
    // A part that failed leaves its boundary to the browser ('<!--$!-->'): the render below reports why.
    if (html !== undefined && !html.includes('<!--$!-->')) return finished(url, html, data, true, true)
  }
  let isComplete = true
  const { prelude } = await prerenderToNodeStream(serverApp(url, route, loads), {
    signal,
    // Every boundary inline, in its place: an outlined one is moved in by an inline script, which the
    // page's Content-Security-Policy (script-src 'self') would refuse.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      isComplete = false
      onError(error, `render of ${url}: a part is left to the browser`)
    },
  })
  const html = await textOf(prelude)
  if (signal.aborted) {
    isComplete = false
    onError(signal.reason, `render of ${url}: data still loading after ${RENDER_TIMEOUT_MS} ms`)
  }
  // A part that failed (or still waits) leaves its boundary to the browser, marked '<!--$!-->'.
  return finished(url, html, data, isComplete && !html.includes('<!--$!-->'), false)
}

function finished(
  url: string,
  rendered: string,
  data: Record<string, unknown>,
  isComplete: boolean,
  isRenderedInOnePass: boolean,
) {
  // The policy would refuse any inline script, and the part it reveals would stay hidden: the browser renders the page.
  if (/<script\b/i.test(rendered)) throw new Error(`render of ${url}: React wrote an inline script`)
  // React adds preloads of priority images at the start; the page puts them into the head instead.
  const html = rendered.replace(/^(<link\b[^>]*>)+/, '')
  return { html, dataJson: jsonForScript(data), isComplete, isRenderedInOnePass }
}

/** PageRenderer.pageKey: the path and the parameters its route reads, in the route's order. */
function pageKey(url: string): string {
  const queryStart = url.indexOf('?')
  // Most addresses carry no query: their key is the address, without matching the route table a second time.
  if (queryStart < 0) return url
  const pathname = url.slice(0, queryStart)
  const readsQuery = matchRoute(pathname).route.readsQuery ?? []
  if (readsQuery.length === 0) return pathname
  const asked = new URLSearchParams(url.slice(queryStart + 1))
  const kept = new URLSearchParams()
  for (const name of readsQuery) {
    const value = asked.get(name)
    if (value !== null) kept.set(name, value)
  }
  const query = kept.toString()
  return query === '' ? pathname : `${pathname}?${query}`
}

function canonicalPath(pathname: string): string {
  return pathname === '/' ? '/' : pathname.replace(/\/+$/, '')
}

async function describe(
  route: PageRoute,
  params: Record<string, string | undefined>,
  publicUrl: string,
  pathname: string,
): Promise<DescribedPage> {
  const canonical = `${publicUrl}${canonicalPath(pathname)}`
  // An address the route table does not know: its not-found page, with the frame, answered 404.
  if (route.path === '*') return { status: 404, head: describeFromMessages(route, canonical) }
  if (!route.describeHead) return { status: 200, head: describeFromMessages(route, canonical) }
  const { describePage } = await route.describeHead()
  return describePage({
    params,
    publicUrl,
    canonical,
    canonicalOf: (values) => `${publicUrl}${generatePath(route.path, values)}`,
  })
}

/** The app shell (with the page's head where it is known): the browser renders the page. */
function shellAnswer(status: number, html: string): PageAnswer {
  return { status, html, isServerRendered: false, isComplete: false, isRenderedInOnePass: false }
}

function createRenderer({ indexHtml, manifest }: ServerRenderFiles) {
  // Worked out once: the shell of a rendered page (without the app's preloads) and the styles it links.
  const renderedShell = withoutAppPreloads(indexHtml)
  const shellStyles = stylesheetsOf(indexHtml)
  // A page's own stylesheets follow from the build manifest alone: worked out once per page.
  const stylesByPage = new Map<string | undefined, string[]>()
  const pageStyles = (source: string | undefined) => {
    let styles = stylesByPage.get(source)
    if (!styles) {
      styles = pageStyleLinks(shellStyles, manifest, source)
      stylesByPage.set(source, styles)
    }
    return styles
  }

  async function renderPage({ url, publicUrl, fetch, onError, isShellOnly = false }: PageRequest): Promise<PageAnswer> {
    const pathname = url.split('?')[0] ?? '/'
    const { route, params } = matchRoute(pathname)
    const send = sharedReads(fetch)
    let described: DescribedPage
    try {
      described = await currentRender.run(send, () => describe(route, params, publicUrl, pathname))
    } catch (error) {
      onError(error, `head of ${url} failed: the page is rendered in the browser`)
      return shellAnswer(200, indexHtml)
    }
    const { status, head } = described
    if (!route.isServerRendered || isShellOnly) return shellAnswer(status, withHead(indexHtml, head))
    // A missing product or an unknown address (404) is rendered too: the frame and the not-found text
    // reach a browser without JavaScript and a crawler (docs/decisions.md, 'Pages without JavaScript').
    try {
      await route.page.preload()
      const app = await renderApp(url, route, params, send, onError)
      const styles = pageStyles(route.page.source)
      return {
        status,
        html: composePage(renderedShell, head, { ...app, dataId: SERVER_DATA_ID, styles }),
        isServerRendered: true,
        isComplete: app.isComplete,
        isRenderedInOnePass: app.isRenderedInOnePass,
      }
    } catch (error) {
      // A component that throws on the server must not cost the shopper the page: the browser renders it.
      onError(error, `render of ${url} failed: the page is rendered in the browser`)
      return shellAnswer(status, withHead(indexHtml, head))
    }
  }

  return {
    isServerRendered: (pathname: string) => matchRoute(pathname).route.isServerRendered === true,
    pageKey,
    renderPage,
  }
}

export default {
  createRenderer,
  sitemap({ products }): SitemapEntry[] {
    const pages = ROUTES.filter((route) => route.sitemap === 'page').map((route) => ({ path: route.path }))
    const perProduct = ROUTES.filter((route) => route.sitemap === 'products').flatMap((route) =>
      products.map((product) => ({
        path: generatePath(route.path, { id: product.id }),
        lastModified: product.updatedAt,
      })),
    )
    return [...pages, ...perProduct]
  },
  crawlerDisallowedPaths: () =>
    // '/admin/*' stands for /admin and everything below it, which is what robots.txt's 'Disallow: /admin' says.
    ROUTES.filter((route) => route.isClosedToCrawlers).map((route) => route.path.replace(/\/\*$/, '')),
} satisfies ServerEntry
