import { createRequire } from 'node:module'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite'

// `npm run dev` runs the API on :3000 and this server on :5173; /api goes to the API.
const API_PROXY = { '/api': { target: 'http://localhost:3000', changeOrigin: false } }

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
 * Issue 11: `vite build` makes the browser's files and, beside them in <outDir>/server, the server
 * render of the storefront pages (src/entry-server.tsx), which the API loads from WEB_DIST.
 */
function serverBundleBesideClient(): Plugin {
  let clientOutDir = 'dist'
  return {
    name: 'shop:server-bundle-beside-client',
    config(config) {
      clientOutDir = config.build?.outDir ?? clientOutDir
    },
    configEnvironment(name) {
      if (name !== 'ssr') return
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
      }
    },
  }
}

/**
 * The entry (src/boot.ts) starts the app (src/main.tsx) with a dynamic import, after the first paint
 * of a server-rendered page. index.html still names the app's files: its stylesheets, which the
 * rendered page needs for that first paint (the header, the footer), and module preloads of its
 * scripts, so that a page rendered in the browser (cart, account, staff) asks for them at once. The
 * API takes the preloads out of the pages it renders (apps/api/src/modules/seo/server-render.ts).
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
  plugins: [react(), serverBundleBesideClient(), appFilesInIndexHtml()],
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
    // The API reads it to preload the page's own chunk; the first-load budget test reads it too.
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
