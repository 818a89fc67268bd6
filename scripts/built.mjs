// The built web app and API, rebuilt when missing or older than their sources: `npm start` and the operator's
// commands (backup, restore, create-admin) run the build, so that a change to the sources is never run stale.
// In production `npm run build` has made both, and nothing here rebuilds (docs/production.md).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..')
const shared = path.join(root, 'packages', 'shared', 'src')
const web = path.join(root, 'apps', 'web')
const api = path.join(root, 'apps', 'api')

const PARTS = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    // Vite's table of every chunk is for whoever tunes the bundle, not for someone starting the shop (warnings and
    // errors still show); --silent above leaves out npm's own banner of each build.
    quiet: ['--', '--logLevel', 'warn'],
    built: path.join(web, 'dist', 'index.html'),
    sources: [
      path.join(web, 'src'),
      path.join(web, 'public'),
      path.join(web, 'index.html'),
      path.join(web, 'vite.config.ts'),
      shared,
    ],
  },
  {
    name: 'the API',
    workspace: 'apps/api',
    built: path.join(api, 'dist', 'main.js'),
    sources: [path.join(api, 'src'), path.join(api, 'build.mjs'), shared],
  },
]

function newestChange(file) {
  if (!fs.existsSync(file)) return 0
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)))
  return newest
}

/** Builds each part (web app, API) whose build is missing or older than one of its sources; exits on a failed build. */
export function buildWhatIsStale({ only } = {}) {
  for (const part of PARTS) {
    if (only && part.workspace !== only) continue
    const builtAt = fs.existsSync(part.built) ? fs.statSync(part.built).mtimeMs : 0
    if (builtAt >= Math.max(...part.sources.map(newestChange))) continue
    console.log(`Building ${part.name}...`)
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', part.workspace, ...(part.quiet ?? [])], {
      cwd: root,
      stdio: 'inherit',
    })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
}

/**
 * Runs a built entry of the API (apps/api/dist/<name>.js) in this process, with source maps on (stack traces
 * name the TypeScript lines, as `node --enable-source-maps` does); `args` become its process.argv.slice(2).
 */
export async function runBuiltApi(name, args) {
  process.setSourceMapsEnabled(true)
  process.argv.splice(2, process.argv.length - 2, ...args)
  await import(new URL(`../apps/api/dist/${name}.js`, import.meta.url).href)
}
