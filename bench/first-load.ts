// First-load JavaScript of the shop's pages, in gzip bytes, against the budget of ARCHITECTURE.md
// (home, store and product pages within 120 KB). Builds the web app with a manifest into a
// temporary folder and follows each page's static imports from the entry.
//   node --import tsx bench/first-load.ts
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

const BUDGET_KB = 120
const root = path.resolve(import.meta.dirname, '..')
const web = path.join(root, 'apps', 'web')
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-first-load-'))

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }

execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--outDir',
    outDir,
    '--manifest',
    '--logLevel',
    'warn',
  ],
  {
    cwd: web,
    stdio: 'inherit',
  },
)
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>

function gzipBytes(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length
}

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>()
  const css = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    js.add(chunk.file)
    for (const style of chunk.css ?? []) css.add(style)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return { js, css }
}

const pages: [string, string][] = [
  ['/ (home)', 'src/features/catalogue/pages/home-page.tsx'],
  ['/store', 'src/features/catalogue/pages/store-page.tsx'],
  ['/product/:id', 'src/features/catalogue/pages/product-page.tsx'],
  ['/cart', 'src/features/cart/pages/cart-page.tsx'],
  ['/login', 'src/features/auth/pages/login-page.tsx'],
  ['/admin/products', 'src/features/admin/products/pages/products-page.tsx'],
]
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
// The entry (src/boot.ts) starts the app (src/main.tsx) with a dynamic import; every page needs both.
const app = 'src/main.tsx'
const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0)
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

const shared = closure([entry, app])
console.log(
  `shared by every page (entry, app and their imports): ${kb(sum(shared.js))} KB JS, ${kb(sum(shared.css))} KB CSS (gzip)`,
)
console.log('page             first-load JS   CSS     budget')
for (const [route, source] of pages) {
  const files = closure([entry, app, source])
  const js = sum(files.js)
  const budgeted = ['/ (home)', '/store', '/product/:id'].includes(route)
  const verdict = budgeted ? (js / 1024 <= BUDGET_KB ? `within ${BUDGET_KB} KB` : `OVER ${BUDGET_KB} KB`) : '-'
  console.log(
    `${route.padEnd(16)} ${`${kb(js)} KB`.padStart(12)} ${`${kb(sum(files.css))} KB`.padStart(9)}   ${verdict}`,
  )
}
fs.rmSync(outDir, { recursive: true, force: true })
