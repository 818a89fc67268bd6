import { createRequire } from 'node:module'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

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

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: { alias: mode === 'production' ? reactRouterProductionAliases() : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
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
