import { createRequire } from 'node:module'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig(({ mode }) => ({
  plugins: [react(), serverBundleBesideClient()],
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
