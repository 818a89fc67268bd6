// The storefront's server-rendered pages, uncached and kept (docs/decisions.md, 'A render from the services'). Prints
// figures; never a test.
//
//   node --import tsx bench/pages.ts [--products 2000] [--requests 200] [--duration 5] [--web-dist <dir>]
//                                    [--render-only [--against <build> [--rounds 5]]] [--database shop_bench_pages]
//                                    [--postgres-url postgres://postgres@127.0.0.1:5432]
//
// Fills a PostgreSQL database ('shop_bench_pages') with generated products once (bench/generated-catalogue.ts), builds
// the web app as `npm run build` does (production React) unless --web-dist names a build, and starts the real server
// twice: with CATALOGUE_CACHE=off (every request renders the page from SQL) and with the cache on (a kept page). For
// the store (/store, a category's page 2) and a product page it prints, in one run:
// - the profile: Node CPU (the API process, /proc/<pid>/stat) and PostgreSQL CPU (the backends connected to the
//   bench's database) per request, over --requests requests one after another;
// - the render alone (with the cache on): the server bundle rendering the page in the bench's process from the answers
//   it was given once, handed to it as text as the API hands its in-process reads, Node CPU per render;
// - pages per second at 1 and 10 connections (uncached, past 8 renders at once the server sends the app shell), and bare Fastify sending the same bytes (the ceiling).
// With --render-only it measures the render alone and nothing else (run it under `node --cpu-prof` to see where the
// render's time goes: the bench's process does little else); with --against <build> as well, the build of --web-dist
// and that one alternate in this one process, --rounds rounds of --requests renders each (both meet the same machine).
// Every answer must be 200, else the bench fails.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { BuildManifest, ServerEntryModule } from '../apps/web/src/server/contract.ts'
import { openDatabase } from '../apps/api/src/platform/db.ts'
import { buildWebApp } from '../apps/api/test/built-web.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { benchOptions } from './bench-options.ts'
import {
  answersPerSecond,
  GENERATED_CATALOGUE_OPTIONS,
  openGeneratedCatalogue,
  startBareServer,
} from './generated-catalogue.ts'

const options = benchOptions({
  ...GENERATED_CATALOGUE_OPTIONS,
  products: 2000,
  requests: 200,
  duration: 5,
  'web-dist': undefined,
  'render-only': false,
  against: undefined,
  rounds: 5,
  database: 'shop_bench_pages',
})
const CONNECTIONS = [1, 10]
/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100

/** CPU seconds (user + system) a process has used. */
function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** CPU seconds of each backend of the bench's database (the API's pool; other databases on this server are not counted). */
async function backendsOfDatabase(): Promise<Map<number, number>> {
  const db = await openDatabase({ url: catalogue.url })
  try {
    const { rows } = await db.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [options.database],
    )
    return new Map(rows.map((row) => [row.pid, cpuOf(row.pid)]))
  } finally {
    await db.close()
  }
}

/** The backends' CPU seconds since `before`: a backend opened meanwhile counts whole, one closed meanwhile is missed. */
async function backendCpuSince(before: Map<number, number>): Promise<number> {
  let total = 0
  for (const [pid, seconds] of await backendsOfDatabase()) total += seconds - (before.get(pid) ?? 0)
  return total
}

async function get(base: string, urlPath: string): Promise<string> {
  const response = await fetch(`${base}${urlPath}`)
  const body = await response.text()
  if (response.status !== 200) throw new Error(`${urlPath}: ${response.status}`)
  return body
}

/** Node and PostgreSQL milliseconds of CPU per request, over --requests requests one after another. */
async function profile(api: ApiProcess, urlPath: string): Promise<{ node: number; postgres: number }> {
  const pid = api.child.pid!
  const backends = await backendsOfDatabase()
  const nodeBefore = cpuOf(pid)
  for (let index = 0; index < options.requests; index += 1) await get(api.base, urlPath)
  const node = ((cpuOf(pid) - nodeBefore) * 1000) / options.requests
  return { node, postgres: ((await backendCpuSince(backends)) * 1000) / options.requests }
}

const pagesPerSecond = (base: string, urlPath: string, connections: number) =>
  answersPerSecond(base, urlPath, connections, options.duration)

/**
 * The render alone, in this process: the web's server bundle renders the page --requests times from the API answers
 * it asked for the first time (kept here), so that neither SQL nor HTTP is counted. Node CPU ms per render.
 */
async function renderCpu(base: string, urlPath: string, dist = webDist): Promise<number> {
  const render = await rendererOf(dist, base, urlPath)
  for (let index = 0; index < 30; index += 1) await render()
  return cpuOfRenders(render, options.requests)
}

/** Node CPU ms per render over `count` renders. */
async function cpuOfRenders(render: () => Promise<void>, count: number): Promise<number> {
  const before = process.cpuUsage()
  for (let index = 0; index < count; index += 1) await render()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / count
}

/** One render of `urlPath` by the build in `dist`, from the API's answers asked once and kept here. */
async function rendererOf(dist: string, base: string, urlPath: string): Promise<() => Promise<void>> {
  const bundle = pathToFileURL(path.join(dist, 'server', 'entry-server.js')).href
  const { default: entry } = (await import(bundle)) as ServerEntryModule
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest
  const renderer = entry.createRenderer({ indexHtml, manifest })
  const answers = new Map<string, { status: number; body: string }>()
  const fetchKept = async (url: string) => {
    let answer = answers.get(url)
    if (!answer) {
      const response = await fetch(`${base}${url}`)
      answer = { status: response.status, body: await response.text() }
      answers.set(url, answer)
    }
    // Text, as the API gives its in-process reads (apps/api/src/server-render/render.ts): no Response to build or read.
    return answer
  }
  const render = async () => {
    const page = await renderer.renderPage({
      url: urlPath,
      publicUrl: 'http://shop.bench',
      fetch: fetchKept,
      onError: (error) => {
        throw error
      },
    })
    if (page.status !== 200 || !page.isComplete) throw new Error(`${urlPath}: rendered ${page.status}, incomplete`)
  }
  return render
}

/**
 * --against <build>: this build and that one in this one process, alternating --rounds rounds of --requests renders of
 * each page, so that both meet the same machine (a shared machine's speed moves from minute to minute).
 */
async function compareRenders(base: string, against: string): Promise<void> {
  const builds = { 'web-dist': webDist, against }
  for (const [page, urlPath] of Object.entries(pages)) {
    const renders = new Map<string, () => Promise<void>>()
    for (const [name, dist] of Object.entries(builds)) {
      const render = await rendererOf(dist, base, urlPath)
      for (let index = 0; index < 30; index += 1) await render()
      renders.set(name, render)
    }
    const figures = new Map<string, number[]>([...renders.keys()].map((name) => [name, []]))
    for (let round = 0; round < options.rounds; round += 1)
      for (const [name, render] of renders) figures.get(name)!.push(await cpuOfRenders(render, options.requests))
    for (const [name, values] of figures) {
      const sorted = [...values].sort((a, b) => a - b)
      console.log(
        `render alone     ${page.padEnd(8)} ${name.padEnd(8)} median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms ` +
          `CPU per render (rounds: ${values.map((value) => value.toFixed(2)).join(', ')})`,
      )
    }
  }
}

type Figure = { bytes: number; node: number; postgres: number; rates: number[]; bare: number[] }

const catalogue = await openGeneratedCatalogue(options['postgres-url'], options.database, options.products)
const pages = {
  store: `/store?category=${catalogue.largestCategoryId}&page=2`,
  product: `/product/${catalogue.productId}`,
}
// Resolved here: the API process starts in its own folder, where a relative path would name another place.
const webDist = options['web-dist'] ? path.resolve(options['web-dist']) : buildWebApp('shop-bench-pages-')
const isRenderOnly = options['render-only']
const renders = new Map<string, number>()
const figures = new Map<string, Figure>()
const bodies = new Map<string, string>()
try {
  for (const mode of isRenderOnly ? (['kept'] as const) : (['uncached', 'kept'] as const)) {
    const api = await startApiProcess({
      readyTimeoutMs: 180_000,
      env: {
        DATABASE_URL: catalogue.url,
        WEB_DIST: webDist,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        MAIL_WORKER: 'off',
        CATALOGUE_CACHE: mode === 'uncached' ? 'off' : 'on',
      },
    })
    try {
      if (isRenderOnly && options.against) await compareRenders(api.base, path.resolve(options.against))
      for (const [page, urlPath] of Object.entries(pages)) {
        const body = await get(api.base, urlPath)
        if (isRenderOnly) {
          if (!options.against) renders.set(page, await renderCpu(api.base, urlPath))
          continue
        }
        bodies.set(`${mode} ${page}`, body)
        // Warm: the lazy page modules, the JIT and (kept) the page itself.
        for (let index = 0; index < 20; index += 1) await get(api.base, urlPath)
        const { node, postgres } = await profile(api, urlPath)
        if (mode === 'kept') renders.set(page, await renderCpu(api.base, urlPath))
        const rates: number[] = []
        for (const connections of CONNECTIONS) rates.push(await pagesPerSecond(api.base, urlPath, connections))
        figures.set(`${mode} ${page}`, { bytes: Buffer.byteLength(body), node, postgres, rates, bare: [] })
      }
    } finally {
      await api.stop(10_000)
    }
  }
  for (const [name, figure] of figures) {
    const bare = await startBareServer(bodies.get(name)!)
    try {
      for (const connections of CONNECTIONS)
        figure.bare.push(await pagesPerSecond(bare.base, '/api/products', connections))
    } finally {
      await bare.stop(10_000)
    }
  }
} finally {
  if (!options['web-dist']) fs.rmSync(webDist, { recursive: true, force: true })
}

console.log(
  `\nstorefront pages, ${options.products} products, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ` +
    `${options.requests} requests one after another per profile`,
)
for (const [page, urlPath] of Object.entries(pages)) console.log(`  ${page}: ${urlPath}`)
for (const [page, render] of renders)
  console.log(`render alone     ${page.padEnd(8)} Node ${render.toFixed(2)} ms CPU per render`)
for (const [name, figure] of figures) {
  const rates = CONNECTIONS.map(
    (connections, index) =>
      `c=${connections}: ${figure.rates[index]!.toFixed(0)}/s (${((figure.rates[index]! / figure.bare[index]!) * 100).toFixed(1)} % of bare ${figure.bare[index]!.toFixed(0)})`,
  ).join(', ')
  console.log(
    `${name.padEnd(17)} ${(figure.bytes / 1024).toFixed(1)} KB  Node ${figure.node.toFixed(2)} ms + PostgreSQL ` +
      `${figure.postgres.toFixed(2)} ms CPU per page  ${rates}`,
  )
}
