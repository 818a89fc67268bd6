import {
  fire,
  fireMultipart,
  openFuzzTarget,
  renewEndedTokens,
  sampleMultipartRequests,
  sampleRequests,
  type Finding,
} from '../apps/api/test/fuzz-core.ts'

// Long fuzz run: npm run fuzz -- --runs N --seed S (N requests per route, and N junk multipart
// requests per upload route). Prints figures for bench/RESULTS.md.
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const runs = arg('runs', 50)
const seed = arg('seed', 20261124)
const started = Date.now()
const { test, operations, tokens } = await openFuzzTarget()
const times: number[] = []
const findings: Finding[] = []
const statuses = new Map<number, number>()
let fivexx = 0
const hung: string[] = []
const slowest: { ms: number; what: string }[] = []
const count = (result: { ms: number; status: number; url: string; findings: Finding[] }, method: string) => {
  times.push(result.ms)
  if (result.ms > 2000) slowest.push({ ms: Math.round(result.ms), what: `${method} ${result.url.slice(0, 100)}` })
  statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1)
  if (result.status >= 500) fivexx += 1
  findings.push(...result.findings)
}
for (const [index, operation] of operations.entries()) {
  await renewEndedTokens(test, tokens)
  for (const r of sampleRequests(operation, seed, runs)) {
    try {
      count(await fire(test, operation, r, tokens, 10_000), operation.method)
    } catch (error) {
      // An answer later than 10 s is a finding, not the end of the run.
      hung.push(String(error))
    }
  }
  for (const r of sampleMultipartRequests(operation, seed, runs))
    count(await fireMultipart(test, operation, r, tokens), operation.method)
  if (index % 10 === 9) console.error(`… ${index + 1}/${operations.length} routes, ${times.length} requests`)
}
times.sort((a, b) => a - b)
const at = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1)
const kinds = (kind: string) => findings.filter((f) => f.kind === kind).length
console.log(
  `seed ${seed}, routes ${operations.length}, requests ${times.length}, 5xx ${fivexx}, leaks ${kinds('leak')}, shape ${kinds('shape')}, changed ${kinds('changed')}, over 2 s ${times.filter((t) => t > 2000).length}`,
)
console.log(`latency ms p50 ${at(0.5)} p95 ${at(0.95)} p99 ${at(0.99)} max ${at(1)}`)
console.log(
  'statuses',
  [...statuses.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status}: ${n}`)
    .join(', '),
)
console.log('over 2 s:', slowest.sort((a, b) => b.ms - a.ms).slice(0, 20))
console.log(`hung over 10 s: ${hung.length}`, hung.slice(0, 5))
console.log(`wall time ${((Date.now() - started) / 1000).toFixed(0)} s`)
for (const f of findings.slice(0, 15)) console.log(JSON.stringify(f).slice(0, 400))
await test.close()
