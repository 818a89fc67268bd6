// Memory of one API process (docs/production.md, 'Memory'). Prints figures; never a test.
//
//   node --import tsx bench/memory.ts [--database pglite|postgres|both] [--rounds 3] [--tsx] [--snapshots DIR]
//                                     [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--node-options ...]
//
// For each database it starts the API through the harness (apps/api/test/support/api-process.ts) as production
// runs it: the built files (`npm run build` first; --tsx runs the TypeScript through tsx instead), the built
// web app served and rendered, the demo seed (SEED=demo) on a fresh data directory (PGlite) or a scratch
// database it creates and drops (PostgreSQL). Once ready and quiet it records the process's memory (idle), then
// runs a fixed request mix one request at a time, `--rounds` times: catalogue pages, every product, searches,
// the server-rendered storefront pages and images. It records the memory after the mix, then after a full
// garbage collection (what is held, not garbage awaiting collection). It starts the API twice on the same data:
// the first start seeds the demo shop, the second finds it seeded, as every later start does.
//
// RSS, and its anonymous and file-backed parts, come from /proc/<pid>/status; the heaps and external memory of
// the main thread and of PGlite's worker thread (whose external memory is mostly its WebAssembly memory) from
// the process itself (bench/memory-probe.mjs, loaded with NODE_OPTIONS=--import, answers SIGUSR2).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { callApi, startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { createScratchDatabase, LOCAL_POSTGRES_SERVER } from '../apps/api/test/support/scratch-database.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PROBE = path.join(ROOT, 'bench', 'memory-probe.mjs')
const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist')
const SEARCHES = ['čekić', 'busilica', 'kafa', 'boja', 'vijak', 'rukavice', 'majica', 'sok']
const MB = 1024 * 1024

const { values: options } = parseArgs({
  options: {
    database: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '3' },
    tsx: { type: 'boolean', default: false },
    snapshots: { type: 'string' },
    'postgres-url': { type: 'string', default: LOCAL_POSTGRES_SERVER },
    'node-options': { type: 'string', default: '' },
    env: { type: 'string', multiple: true, default: [] },
  },
})
const ROUNDS = Number(options.rounds)

type Usage = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number }
type Probe = Usage & { workers: Usage[]; spaces?: Record<string, number> }
type Sample = Probe & { rssAnon: number; rssFile: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function statusField(pid: number, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

async function sample(api: ApiProcess, { collect = false } = {}): Promise<Sample> {
  const pid = api.child.pid
  if (pid === undefined) throw new Error('the API process has no pid')
  const before = api.output.length
  process.kill(pid, collect ? 'SIGWINCH' : 'SIGUSR2')
  const deadline = Date.now() + 120_000
  for (;;) {
    const line = api.output
      .slice(before)
      .join('')
      .split('\n')
      .find((text) => text.startsWith('memory-probe '))
    if (line) {
      const probe = JSON.parse(line.slice('memory-probe '.length)) as Probe
      return {
        ...probe,
        rss: statusField(pid, 'VmRSS'),
        rssAnon: statusField(pid, 'RssAnon'),
        rssFile: statusField(pid, 'RssFile'),
      }
    }
    if (Date.now() > deadline) throw new Error(`no memory line from the API: ${api.tail()}`)
    await sleep(50)
  }
}

async function get(api: ApiProcess, url: string, accept = 'application/json'): Promise<unknown> {
  const answer = await callApi(api, url, { headers: { accept, 'accept-encoding': 'br, gzip' } })
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`)
  return answer.body
}

type ListPage = { products: { id: string }[]; pages: number }

/** The fixed mix, one request at a time; returns how many requests it made. */
async function requestMix(api: ApiProcess): Promise<number> {
  let count = 0
  const call = async (url: string, accept?: string) => {
    count += 1
    return get(api, url, accept)
  }
  const first = (await call('/api/products?page=1')) as ListPage
  const productIds: string[] = []
  const imageUrls = new Set<string>()
  for (let page = 1; page <= first.pages; page += 1) {
    const list = (await call(`/api/products?page=${page}`)) as ListPage
    for (const item of list.products) {
      productIds.push(item.id)
      const text = JSON.stringify(item)
      for (const match of text.matchAll(/\/api\/images\/[^"]+/g)) imageUrls.add(match[0])
    }
  }
  const categories = (await call('/api/categories')) as { id: string }[]
  for (const category of categories) await call(`/api/products?category=${category.id}&page=1`)
  for (const sort of ['name-asc', 'price-asc', 'price-desc']) await call(`/api/products?sort=${sort}&page=1`)
  for (const id of productIds) await call(`/api/products/${id}`)
  for (const term of SEARCHES) await call(`/api/products?search=${encodeURIComponent(term)}`)
  for (const page of ['/', '/store', '/restoran', '/veleprodaja', '/about']) await call(page, 'text/html')
  for (const id of productIds) await call(`/product/${id}`, 'text/html')
  for (const url of imageUrls) {
    count += 1
    const answer = await fetch(`${api.base}${url}`)
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`)
  }
  return count
}

/** The main thread's heap spaces of a sample, in MB, the larger first. */
function spacesLine(label: string, s: Sample): string {
  const spaces = Object.entries(s.spaces ?? {})
    .filter(([, bytes]) => bytes >= MB)
    .sort(([, a], [, b]) => b - a)
    .map(([name, bytes]) => `${name} ${(bytes / MB).toFixed(0)}`)
  return `- ${label}: heap spaces (MB) ${spaces.join(', ')}`
}

function row(label: string, s: Sample): string {
  const mb = (bytes: number) => (bytes / MB).toFixed(0)
  const worker = s.workers[0]
  const workerFigures = worker ? `${mb(worker.heapUsed)} / ${mb(worker.heapTotal)} | ${mb(worker.external)}` : '– | –'
  return `| ${label} | ${mb(s.rss)} | ${mb(s.rssAnon)} | ${mb(s.rssFile)} | ${mb(s.heapUsed)} / ${mb(s.heapTotal)} | ${mb(s.external)} | ${mb(s.arrayBuffers)} | ${workerFigures} |`
}

async function phase(api: ApiProcess, label: string, readyMs: number): Promise<string[]> {
  await sleep(10_000)
  const idle = await sample(api)
  let requests = 0
  const mixStarted = Date.now()
  for (let round = 0; round < ROUNDS; round += 1) requests += await requestMix(api)
  const mixMs = Date.now() - mixStarted
  const loaded = await sample(api)
  const collected = await sample(api, { collect: true })
  return [
    [
      `${label}: ready after ${(readyMs / 1000).toFixed(1)} s; ${requests} requests in ${(mixMs / 1000).toFixed(1)} s`,
      spacesLine(`${label}, idle`, idle),
      spacesLine(`${label}, after the requests`, loaded),
      spacesLine(`${label}, after a full garbage collection`, collected),
    ].join('\n'),
    row(`${label}, idle`, idle),
    row(`${label}, after ${requests} requests`, loaded),
    row(`${label}, then after a full garbage collection`, collected),
  ]
}

async function measure(database: 'pglite' | 'postgres'): Promise<string[]> {
  const scratch = database === 'postgres' ? await createScratchDatabase('memory', options['postgres-url']) : undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-memory-'))
  const extra = Object.fromEntries(options.env.map((pair) => pair.split('=', 2) as [string, string]))
  if (options.snapshots) fs.mkdirSync(options.snapshots, { recursive: true })
  const nodeOptions = [process.env.NODE_OPTIONS ?? '', `--expose-gc --import ${PROBE}`, options['node-options']]
    .join(' ')
    .trim()
  const name = database === 'pglite' ? 'PGlite' : 'PostgreSQL'
  const start = () =>
    startApiProcess({
      built: !options.tsx,
      name: `API on ${database}`,
      dataDir,
      readyTimeoutMs: 600_000,
      env: {
        SEED: 'demo',
        WEB_DIST,
        LOG_LEVEL: 'warn',
        SEARCHES_PER_MINUTE: '100000',
        NODE_OPTIONS: nodeOptions,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...(options.snapshots ? { MEMORY_PROBE_SNAPSHOTS: path.resolve(options.snapshots) } : {}),
        ...extra,
      },
    })
  const lines: string[] = [
    '| moment | RSS MB | anonymous | file-backed | heap used / total | external | array buffers | PGlite worker heap used / total | PGlite worker external (WASM memory) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const notes: string[] = []
  try {
    // The first start seeds the demo shop; the second finds it seeded, as every later start of a shop does.
    for (const moment of ['first start (seeds)', 'restarted'] as const) {
      const startedAt = Date.now()
      const api = await start()
      try {
        const [note = '', ...rows] = await phase(api, `${name}, ${moment}`, Date.now() - startedAt)
        notes.push(note)
        lines.push(...rows)
      } finally {
        await api.stop()
      }
    }
  } finally {
    await scratch?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return [...notes, '', ...lines, '']
}

const databases =
  options.database === 'both' ? (['pglite', 'postgres'] as const) : [options.database as 'pglite' | 'postgres']
if (!options.tsx && !fs.existsSync(path.join(ROOT, 'apps', 'api', 'dist', 'main.js')))
  throw new Error('run `npm run build` first (or pass --tsx)')
const output: string[] = [
  `node ${process.version}, ${options.tsx ? 'tsx' : 'built'} API, ${ROUNDS} rounds${options['node-options'] ? `, NODE_OPTIONS ${options['node-options']}` : ''}${options.env.length ? `, ${options.env.join(' ')}` : ''}`,
  '',
]
for (const database of databases) {
  output.push(...(await measure(database)))
  console.log(output.join('\n'))
  output.length = 0
}
