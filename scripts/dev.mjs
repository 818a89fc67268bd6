// `npm run dev`: the API with restarts on change (port 3000) and Vite with hot reload (port 5173,
// proxying /api to the API). Open http://localhost:5173. Vite's server renders the storefront pages
// as the API does in production, through the same entry (apps/web/src/entry-server.tsx, its plugin in
// apps/web/vite.config.ts) with data from the API, so that a hydration mismatch shows in the browser
// console during development, not first in a production build.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
      API_DOCS: process.env.API_DOCS ?? 'on',
    },
  }),
  // Vite itself rather than through npm, which does not pass a stop signal on to it.
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: path.join(root, 'apps', 'web'),
    stdio: 'inherit',
  }),
]
function stop(signal) {
  for (const child of children) child.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM')
    process.exitCode = code ?? 0
  })
