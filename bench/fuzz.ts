import fc from 'fast-check'
import { buildTestApp } from '../apps/api/test/helpers.ts'
import { fire, loadOperations, loadTokens, request, type Finding } from '../apps/api/test/fuzz-core.ts'

// Long fuzz run: npm run fuzz -- --runs N --seed S (N requests per route). Prints figures for bench/RESULTS.md.
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const runs = arg('runs', 50)
const seed = arg('seed', 20261124)
const test = await buildTestApp()
const operations = (await loadOperations(test)).filter(
  (op) => !op.path.includes('upload') && !op.path.startsWith('/api/docs'),
)
const tokens = await loadTokens(test)
const times: number[] = []
const findings: Finding[] = []
let fivexx = 0
for (const operation of operations) {
  for (const r of fc.sample(request, {
    seed: seed + operation.key.length * 31 + operation.key.charCodeAt(5),
    numRuns: runs,
  })) {
    const result = await fire(test, operation, r, tokens, 10_000)
    times.push(result.ms)
    if (result.status >= 500) fivexx += 1
    findings.push(...result.findings)
  }
}
times.sort((a, b) => a - b)
const at = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1)
console.log(
  `seed ${seed}, routes ${operations.length}, requests ${times.length}, 5xx ${fivexx}, leaks ${findings.filter((f) => f.kind === 'leak').length}, shape ${findings.filter((f) => f.kind === 'shape').length}`,
)
console.log(`latency ms p50 ${at(0.5)} p95 ${at(0.95)} max ${at(1)}`)
for (const f of findings.slice(0, 15)) console.log(JSON.stringify(f).slice(0, 400))
await test.close()
