// What the API calls in the web's server bundle (apps/web/src/entry-server.tsx, built to
// dist/server/entry-server.js; in `npm run dev` loaded by Vite's dev server). The API imports these
// types (`import type` from '@shop/web/server/contract'), and entry-server.tsx's default export
// `satisfies ServerEntry`, so a renamed or changed function fails the typecheck of one side or the
// other instead of failing at run time. No imports here: the API's typecheck reads this file too.

/** What a page's <head> says to search engines and link previews (docs/decisions.md, server rendering). */
export type PageHead = {
  title: string
  description: string
  /** Absolute: PUBLIC_URL and the page's canonical path. */
  canonical: string
  /** Absolute URL of the page's picture (Open Graph). */
  image?: string
  type: 'website' | 'product'
  /** schema.org data, written as JSON-LD. */
  jsonLd?: unknown
}

/** Vite's build manifest (dist/.vite/manifest.json): source file -> its chunk, imports and styles. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

export type ServerRenderFiles = {
  /** The built index.html (in development Vite's, transformed). */
  indexHtml: string
  /** Undefined in development, where Vite's client injects each module's styles. */
  manifest: BuildManifest | undefined
}

/** An answer of the API given as its text; a JSON answer unless `contentType` says otherwise. */
export type TextAnswer = { status: number; body: string; contentType?: string }

export type PageRequest = {
  /** Path and query, as the browser asked. */
  url: string
  /** PUBLIC_URL: the base of canonical and Open Graph URLs. */
  publicUrl: string
  /**
   * Answers the app's GET calls to /api during this render (the API in-process, the visitor's address kept): a
   * Response, or a JSON answer's text as it is (no Response to build and read again: docs/decisions.md, 'A render
   * that costs little').
   */
  fetch: (input: string, init?: { method?: string; signal?: AbortSignal | null }) => Promise<Response | TextAnswer>
  /** A part of the page is left to the browser, or the render failed and the app shell is sent. */
  onError: (error: unknown, message: string) => void
  /**
   * The head only, with the app shell: the browser renders the page. The API asks for it when it is already
   * rendering as many pages as it allows at once (docs/decisions.md, 'Kept pages').
   */
  isShellOnly?: boolean
}

export type PageAnswer = {
  status: number
  /** The whole document. */
  html: string
  /** False: the app shell with the page's head (cart, account, staff, a missing product, a failed render). */
  isServerRendered: boolean
  /** Rendered whole, from data that all arrived: may be kept and sent again while the data is current. */
  isComplete: boolean
  /**
   * Rendered in one pass from the loads its route planned (docs/decisions.md, 'Loads planned before the render'); false
   * when the render had to wait for a load the plan did not start, or the page is not rendered.
   */
  isRenderedInOnePass: boolean
}

export type PageRenderer = {
  /** Whether the server renders this path (a storefront page); the API keeps only those pages. */
  isServerRendered(pathname: string): boolean
  /**
   * The address as its page reads it: the path and the query parameters its route reads, in the route's order;
   * any other parameter (utm_source, fbclid, …) is dropped. The API keeps one page per key and renders the key.
   */
  pageKey(url: string): string
  /** Any address outside /api: a rendered storefront page, or the app shell with the route's head. */
  renderPage(request: PageRequest): Promise<PageAnswer>
}

export type SitemapEntry = { path: string; lastModified?: Date }

export type ServerEntry = {
  /** Once per process (per request in development): the shell and its stylesheets are worked out here. */
  createRenderer(files: ServerRenderFiles): PageRenderer
  /** The sitemap's addresses, from the route table: its own pages, then one per product. */
  sitemap(catalogue: { products: ReadonlyArray<{ id: string; updatedAt: Date }> }): SitemapEntry[]
  /** The route table's paths that robots.txt closes to crawlers (staff, account, cart). */
  crawlerDisallowedPaths(): string[]
}

/** The module the API imports: the entry is its default export, which cannot be renamed by accident. */
export type ServerEntryModule = { default: ServerEntry }
