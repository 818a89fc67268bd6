// The production install, as docs/production.md prescribes it, on a copy of this checkout: `npm ci --omit=dev`
// (no tsx, no Vitest, no TypeScript), `npm run build`, then
// `node --enable-source-maps --max-semi-space-size=16 apps/api/dist/main.js`, which must serve the shop: the storefront page rendered on the server, its script, the API. Then the
// operator's commands on the stopped shop: create-admin, backup, restore. CI runs it (.ci/run); it takes a few
// minutes, so `npm test` does not. Usage: node scripts/test-production-install.mjs [--keep]
// docs/decisions.md, 'A production build without dev tools'.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// The harness for real processes (Node runs its TypeScript as it is: this script must not need tsx).
import { startApiProcess } from '../apps/api/test/support/api-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const keep = process.argv.includes('--keep')
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-production-install-'))
const dataDir = path.join(copy, 'data')
const started = Date.now()
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
let server

function fail(message) {
  throw new Error(message)
}

/** The checkout as git sees it: tracked files and new ones not ignored, as they are on disk (no node_modules, no builds). */
function copyCheckout() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (listed.status !== 0) fail(`git ls-files failed: ${listed.stderr}`)
  let count = 0
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file)
    if (!fs.existsSync(from)) continue
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
    fs.copyFileSync(from, path.join(copy, file))
    fs.chmodSync(path.join(copy, file), fs.statSync(from).mode)
    count += 1
  }
  return count
}

/** A clean environment: what npm and Node need, nothing of the shop's (a DATABASE_URL of the runner stays out). */
function environment(extra = {}) {
  const env = {}
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'npm_config_cache', 'npm_config_registry']) {
    if (process.env[key] !== undefined) env[key] = process.env[key]
  }
  return { ...env, DATA_DIR: dataDir, ...extra }
}

function step(name, command, args, env = {}) {
  const since = Date.now()
  const result = spawnSync(command, args, { cwd: copy, env: environment(env), encoding: 'utf8' })
  const output = `${result.stdout}\n${result.stderr}`
  if (result.status !== 0) fail(`${name} exited ${result.status ?? result.signal}:\n${output.slice(-4000)}`)
  console.log(`ok ${name} (${seconds(since)})`)
  return output
}

async function startShop() {
  const since = Date.now()
  server = await startApiProcess({
    built: true,
    apiRoot: path.join(copy, 'apps', 'api'),
    withWebApp: true,
    name: 'the built API',
    dataDir,
    env: { SEED: 'demo' },
    readyTimeoutMs: 10 * 60_000,
  })
  console.log(`ok node apps/api/dist/main.js ready with the demo shop (${seconds(since)})`)
}

async function get(base, url, expectedType) {
  const response = await fetch(new URL(url, base))
  const body = await response.text()
  if (response.status !== 200) fail(`GET ${url} answered ${response.status}: ${body.slice(0, 500)}`)
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes(expectedType)) fail(`GET ${url} answered ${type}, not ${expectedType}`)
  return body
}

async function checkShop() {
  const base = server.base
  const { products } = JSON.parse(await get(base, '/api/products?limit=3', 'application/json'))
  if (!Array.isArray(products) || products.length === 0) fail('GET /api/products listed no product of the demo shop')
  const home = await get(base, '/', 'text/html')
  // Rendered on the server by the web's server bundle, which the built API loaded: the page carries its text.
  if (!/<div id="root">\s*<[a-z]/i.test(home)) fail(`GET / is not rendered on the server:\n${home.slice(0, 2000)}`)
  const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1]
  if (!script) fail('GET / names no script of the built web app')
  await get(base, script, 'javascript')
  const product = products[0]
  const page = await get(base, `/product/${product.id}`, 'text/html')
  if (!page.includes(product.name.replaceAll('&', '&amp;'))) fail(`the product page does not name "${product.name}"`)
  console.log(
    `ok GET / (server-rendered, ${home.length} bytes), ${script}, /api/products, the page of "${product.name}"`,
  )
}

async function stopShop() {
  const since = Date.now()
  // SIGTERM, and SIGKILL if it is still running after 60 s.
  const code = await server.stop(60_000)
  if (code !== 0) fail(`the built API did not stop with exit 0 on SIGTERM: ${code}\n${server.tail(2000)}`)
  server = undefined
  console.log(`ok stopped on SIGTERM, exit 0 (${seconds(since)})`)
}

try {
  console.log(`Production install in ${copy}`)
  console.log(`ok copied ${copyCheckout()} files of the checkout`)
  step('npm ci --omit=dev', 'npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'])
  const devOnly = ['vitest', 'typescript', 'eslint', '@playwright/test'].filter((name) =>
    fs.existsSync(path.join(copy, 'node_modules', name)),
  )
  if (devOnly.length > 0) fail(`npm ci --omit=dev installed development packages: ${devOnly.join(', ')}`)
  // npm keeps tsx, an optional peer of Vite that the lock file holds for development; nothing here may need it.
  fs.rmSync(path.join(copy, 'node_modules', 'tsx'), { recursive: true, force: true })
  step('npm run build', 'npm', ['run', 'build'])
  await startShop()
  await checkShop()
  await stopShop()
  const created = step('npm run create-admin', 'npm', ['run', 'create-admin', '--silent'], {
    ADMIN_EMAIL: 'vlasnik@example.ba',
    ADMIN_PASSWORD: 'Kamen-Sovici-2026',
    SEED: 'none',
  })
  if (!/vlasnik@example\.ba/.test(created)) fail(`create-admin did not name the account:\n${created}`)
  const backups = path.join(copy, 'backups')
  fs.mkdirSync(backups)
  step('npm run backup', 'npm', ['run', 'backup', '--silent', '--', backups])
  const [archive] = fs.readdirSync(backups).filter((name) => name.endsWith('.tar'))
  if (!archive) fail(`npm run backup wrote no archive into ${backups}`)
  step(
    'npm run restore (into an empty DATA_DIR)',
    'npm',
    ['run', 'restore', '--silent', '--', path.join(backups, archive)],
    {
      DATA_DIR: path.join(copy, 'restored'),
    },
  )
  console.log(`Production install: passed in ${seconds(started)}`)
} catch (error) {
  console.error(
    `Production install: FAILED after ${seconds(started)}\n${error instanceof Error ? error.message : error}`,
  )
  process.exitCode = 1
} finally {
  await server?.kill()
  if (keep) console.log(`kept ${copy}`)
  else fs.rmSync(copy, { recursive: true, force: true })
}
