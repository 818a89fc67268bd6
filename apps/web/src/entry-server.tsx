// The server render of the storefront pages (issue 11 §1), built by Vite's SSR build into
// dist/server/entry-server.js and loaded by the API (apps/api/src/platform/server-render.ts).
// The page is rendered by the same components as in the browser, as a guest (the server never sees
// the stored token), from the same API answers, which the API gives in-process (answerCallsWith).
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppProviders } from './app/app.tsx'
import { AppRoutes, preloadServerRenderedPage, serverRenderedSource } from './app/router.tsx'
import { ServerLoadsContext, SERVER_DATA_ID, type Loader, type ServerLoads } from './lib/server-data.ts'

export { answerCallsWith } from './lib/api-client.ts'
export { serverRenderedSource, SERVER_DATA_ID }

/** A render whose data takes longer than this is not rendered again; what is missing loads in the browser. */
const RENDER_TIMEOUT_MS = 5_000

export type ServerRender = {
  /** The HTML of the app, for inside `<div id="root">`. */
  html: string
  /** The answers the page was rendered from, as JSON safe to put inside a `<script>` element. */
  dataJson: string
}

/**
 * JSON inside `<script type="application/json">`: '<' is escaped, so that no stored text can close
 * the element ('</script>') or open a comment, and U+2028/U+2029 for older JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

type Read = Promise<{ data: unknown } | undefined> & { status?: 'fulfilled'; value?: { data: unknown } | undefined }

function createServerLoads() {
  const reads = new Map<string, Read>()
  const data: Record<string, unknown> = {}
  const signal = new AbortController().signal
  const loads: ServerLoads = {
    read<T>(key: string, load: Loader<T>) {
      let read = reads.get(key)
      if (!read) {
        // A failed call is left to the browser, which shows the page's own loading or error state.
        const started: Read = load(signal).then(
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
  const pending = () => [...reads.values()].filter((read) => read.status !== 'fulfilled')
  return { loads, data, pending }
}

/** Renders until no load is outstanding: a load may depend on another's answer (home: sale, then featured). */
const MAX_PASSES = 6

/** Renders one storefront address (path and query) to HTML once all its data has arrived. */
export async function render(url: string, onError: (error: unknown) => void = () => undefined): Promise<ServerRender> {
  const pathname = url.split('?')[0] ?? '/'
  if (serverRenderedSource(pathname) === undefined) throw new Error(`${pathname} is rendered in the browser`)
  await preloadServerRenderedPage(pathname)
  const { loads, data, pending } = createServerLoads()
  const element = (
    <StrictMode>
      <ServerLoadsContext value={loads}>
        <AppProviders>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ServerLoadsContext>
    </StrictMode>
  )
  // The page is kept whole in the page cache, so it is rendered once all its data has come (in-process,
  // in milliseconds) rather than streamed: each pass starts the loads it meets, the last meets none.
  const deadline = Date.now() + RENDER_TIMEOUT_MS
  let html = renderToString(element)
  for (let pass = 1; pass < MAX_PASSES && pending().length > 0; pass += 1) {
    await Promise.all(pending())
    if (Date.now() > deadline) break
    html = renderToString(element)
  }
  if (pending().length > 0) onError(new Error(`render of ${url}: data still loading after ${MAX_PASSES} passes`))
  // A part that failed (or still waits) leaves its boundary to the browser, marked '<!--$!-->'.
  else if (html.includes('<!--$!-->')) onError(new Error(`render of ${url}: a part failed and is left to the browser`))
  // React adds preloads of priority images at the start; the API puts them into the head instead.
  html = html.replace(/^(<link\b[^>]*>)+/, '')
  return { html, dataJson: jsonForScript(data) }
}
