import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite'
import type { ServerEntryModule } from './src/server/contract.ts'

// `npm run dev` runs the API on :3000 and this server on :5173; /api goes to the API.
const API_ORIGIN = 'http://localhost:3000'
const API_PROXY = { '/api': { target: API_ORIGIN, changeOrigin: false } }

// react-router 7 exports only its development build (remix-run/react-router#12532): it keeps dev
// warnings and costs about 10 KB of gzip more. Production builds take its production files instead.
function reactRouterProductionAliases() {
  const require = createRequire(import.meta.url)
  const root = path.dirname(require.resolve('react-router/package.json'))
  return [
    { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(root, 'dist/production/dom-export.mjs') },
  ]
}

/**
 * `vite build` makes the browser's files and, beside them in <outDir>/server, the server render of
 * the storefront pages (src/entry-server.tsx), which the API loads from WEB_DIST.
 */
function serverBundleBesideClient(): Plugin {
  let clientOutDir = 'dist'
  return {
    name: 'shop:server-bundle-beside-client',
    config(config) {
      clientOutDir = config.build?.outDir ?? clientOutDir
    },
    configEnvironment(name, _config, { command }) {
      // In development Node loads the dependencies itself (React's CommonJS files included).
      if (name !== 'ssr' || command !== 'build') return
      return {
        build: {
          outDir: path.join(clientOutDir, 'server'),
          ssr: 'src/entry-server.tsx',
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
        },
        // One file the API imports, wherever WEB_DIST puts it: React and the router go inside.
        resolve: { noExternal: true },
        // React's production build, decided here and not by the server's NODE_ENV (docs/decisions.md,
        // 'Production React'): the development one is dropped from the bundle.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    },
  }
}

/**
 * In the server bundle 'react-router' is src/server/react-router-on-server.tsx, which is React Router with a Link that
 * writes a plain path's <a> without running its hooks (docs/decisions.md, 'A render that costs little'); that file
 * itself, and the browser's build, get React Router as it is.
 */
function reactRouterOnServer(): Plugin {
  const SERVER_FILE = path.resolve(import.meta.dirname, 'src/server/react-router-on-server.tsx')
  const require = createRequire(import.meta.url)
  const productionEntry = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist/production/index.mjs',
  )
  return {
    name: 'shop:react-router-on-server',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (this.environment.name !== 'ssr' || !importer || importer.split('?')[0] === SERVER_FILE) return
      // Before or after the production alias (resolve.alias runs first and resolves its replacement again).
      if (source === 'react-router' || source === productionEntry) return SERVER_FILE
    },
  }
}

/**
 * The route table (src/app/routes.tsx) names each page by its import only; this adds the imported
 * file's path, as the build manifest names it (`source`), so that the server links the page's own
 * stylesheets without a second, hand-written path.
 */
function pageSources(): Plugin {
  const ROUTE_TABLE = /[\\/]src[\\/]app[\\/]routes\.tsx$/
  let root = process.cwd()
  return {
    name: 'shop:page-sources',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    async transform(code, id) {
      if (!ROUTE_TABLE.test(id)) return
      const PAGE_IMPORT = /\(\) => import\((['"])([^'"]+)\1\)/g
      const sources = new Map<string, string>()
      for (const [, , specifier] of code.matchAll(PAGE_IMPORT)) {
        const resolved = await this.resolve(specifier!, id)
        if (!resolved) throw new Error(`routes.tsx: cannot resolve ${specifier}`)
        sources.set(specifier!, path.relative(root, resolved.id.split('?')[0]!).split(path.sep).join('/'))
      }
      const transformed = code.replace(
        PAGE_IMPORT,
        (load: string, _quote: string, specifier: string) =>
          `Object.assign(${load}, { source: ${JSON.stringify(sources.get(specifier))} })`,
      )
      return { code: transformed, map: null }
    },
  }
}

/**
 * `npm run dev` renders the pages on the server too, with the very entry and contract the API uses in
 * production (src/entry-server.tsx), so that a hydration mismatch shows in development: the browser
 * console reports it. The data comes from the API on :3000; page styles come with Vite's client.
 */
function serverRenderInDev(): Plugin {
  return {
    name: 'shop:server-render-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.originalUrl ?? request.url ?? '/'
        const isPage =
          request.method === 'GET' &&
          (request.headers.accept ?? '').includes('text/html') &&
          !/^\/(api|@|src\/|node_modules\/)/.test(url)
        if (!isPage) return next()
        const render = async () => {
          const entry = ((await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntryModule).default
          const indexHtml = await server.transformIndexHtml(
            url,
            fs.readFileSync(path.join(server.config.root, 'index.html'), 'utf8'),
          )
          const page = await entry.createRenderer({ indexHtml, manifest: undefined }).renderPage({
            url,
            publicUrl: `http://${request.headers.host ?? 'localhost:5173'}`,
            fetch: (input, init) => fetch(new URL(input, API_ORIGIN), { method: init?.method ?? 'GET' }),
            onError: (error, message) => server.config.logger.warn(`${message}: ${String(error)}`),
          })
          response.statusCode = page.status
          response.setHeader('content-type', 'text/html; charset=utf-8')
          response.end(page.html)
        }
        render().catch((error: unknown) => {
          if (error instanceof Error) server.ssrFixStacktrace(error)
          next(error)
        })
      })
    },
  }
}

/**
 * The entry (src/boot.ts) starts the app (src/main.tsx) with a dynamic import, after the first paint
 * of a server-rendered page. index.html still names the app's files: its stylesheets, which the
 * rendered page needs for that first paint (the header, the footer), and module preloads of its
 * scripts, so that a page rendered in the browser (cart, account, staff) asks for them at once. The
 * server render leaves the preloads out of the pages it renders (src/server/compose-page.ts).
 */
function appFilesInIndexHtml(): Plugin {
  const APP_SOURCE = /[\\/]src[\\/]main\.tsx$/
  return {
    name: 'shop:app-files-in-index-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle
        if (!bundle) return []
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
        const app = chunks.find((chunk) => chunk.facadeModuleId !== null && APP_SOURCE.test(chunk.facadeModuleId))
        if (!app) throw new Error('the build has no chunk for src/main.tsx')
        const entryFiles = new Set<string>()
        for (const chunk of chunks.filter((each) => each.isEntry)) {
          entryFiles.add(chunk.fileName)
          for (const imported of chunk.imports) entryFiles.add(imported)
        }
        const scripts: string[] = []
        const styles: string[] = []
        const visit = (fileName: string) => {
          const chunk = bundle[fileName]
          // The entry and what it imports are in index.html already.
          if (!chunk || chunk.type !== 'chunk' || scripts.includes(fileName) || entryFiles.has(fileName)) return
          scripts.push(fileName)
          for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css)
          for (const imported of chunk.imports) visit(imported)
        }
        visit(app.fileName)
        const tags: HtmlTagDescriptor[] = styles.map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }))
        for (const file of scripts) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          })
        }
        return tags
      },
    },
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [
    pageSources(),
    reactRouterOnServer(),
    react(),
    serverBundleBesideClient(),
    appFilesInIndexHtml(),
    serverRenderInDev(),
  ],
  environments: { client: {}, ssr: {} },
  builder: {
    async buildApp(builder) {
      const { client, ssr } = builder.environments
      if (!client || !ssr) throw new Error('vite.config.ts declares the client and ssr environments')
      await builder.build(client)
      await builder.build(ssr)
    },
  },
  resolve: { alias: mode === 'production' ? reactRouterProductionAliases() : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The server render reads it for the page's own styles; the first-load budget test reads it too.
    manifest: true,
    // The first load of home, store and product pages is budgeted at 120 KB of gzip (ARCHITECTURE).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // React and the router change only with an upgrade: one long-cached file, apart from the shop's code.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5173, proxy: API_PROXY },
  preview: { port: 4173, proxy: API_PROXY },
}))
