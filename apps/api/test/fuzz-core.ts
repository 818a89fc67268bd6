import fc from 'fast-check'
import type { TestApp } from './helpers.ts'
import { json, signInAs } from './helpers.ts'

// Shared by fuzz.test.ts (bounded, CI) and bench/fuzz.ts (long runs): requests are generated from the
// OpenAPI document, so a route added later is fuzzed without touching these files.

export type Operation = { method: string; path: string; key: string }
export type Finding = { kind: string; method: string; url: string; body: unknown; status: number; detail: string }

// Log-like tables change on refused requests by design (attempt counters, audit, mail queue).
const LOG_TABLES = new Set(['audit_log', 'sign_in_attempts', 'outbox', 'schema_migrations', 'rate_limits'])
const LEAKS = ['    at ', 'syntax error', 'relation "', 'SELECT ', '/work/', 'node_modules', '.ts:']

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  "' OR 1=1 --",
  "'; drop table users; --",
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '%00',
  '',
  ' ',
  'NaN',
  '-1',
  '1e309',
)
const text = fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.string({ minLength: 3000, maxLength: 12000 }))
const number = fc.oneof(fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 0.1), fc.integer())
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null))
const deep = fc.integer({ min: 50, max: 400 }).map((n) => {
  let v: unknown = 1
  for (let i = 0; i < n; i += 1) v = { a: v }
  return v
})
const value: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 5 }),
  deep,
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }),
)
const FIELDS = [
  'email',
  'password',
  'name',
  'id',
  'items',
  'quantity',
  'price',
  'data',
  'role',
  'status',
  'token',
  'productId',
  'lines',
  'title',
  'page',
  'limit',
]
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.array(value, { maxLength: 3 }),
  scalar,
  deep,
)
const param = fc.oneof(
  nasty,
  fc.uuid(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('kupac@demo.ba', 'admin@demo.ba', '0', '-5', '99999999999999999999'),
)
const query = fc.dictionary(
  fc.constantFrom('page', 'limit', 'q', 'sort', 'category', 'from', 'to', 'search', 'brand'),
  fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.constantFrom('-1', '1e309', '99999999999')),
  { maxKeys: 3 },
)
const role = fc.constantFrom('anonymous', 'user', 'wholesale', 'store_manager', 'admin')

export const request = fc.record({ params: fc.array(param, { minLength: 4, maxLength: 4 }), query, body, role })
export type Request = typeof request extends fc.Arbitrary<infer T> ? T : never

export async function loadOperations(test: TestApp): Promise<Operation[]> {
  const document = json<{ paths: Record<string, Record<string, unknown>> }>(
    await test.app.inject({ method: 'GET', url: '/api/docs/json' }),
  )
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path,
      key: `${method.toUpperCase()} ${path}`,
    })),
  )
}

export async function loadTokens(test: TestApp): Promise<Record<string, Record<string, string>>> {
  const tokens: Record<string, Record<string, string>> = { anonymous: {} }
  for (const r of ['user', 'wholesale', 'store_manager', 'admin'] as const) tokens[r] = await signInAs(test, r)
  return tokens
}

// encodeURIComponent throws on a lone surrogate; send its raw (invalid UTF-8) bytes instead, as an attacker would.
const encode = (v: string) =>
  v
    .replace(/[\ud800-\udfff]/g, '\u0001')
    .split('\u0001')
    .map(encodeURIComponent)
    .join('%ED%A0%80')

export function buildUrl(operation: Operation, r: Request): string {
  let i = 0
  const path = operation.path.replace(/\{[^}]+\}/g, () => encode(r.params[i++ % 4] ?? 'x'))
  const search = new URLSearchParams(r.query).toString()
  return search ? `${path}?${search}` : path
}

export async function fingerprint(test: TestApp): Promise<string> {
  const tables = (
    await test.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !LOG_TABLES.has(name) && !/log|attempt|outbox|mail|session|limit/.test(name))
  const parts: string[] = []
  for (const name of tables) {
    const row = (
      await test.db.query<{ c: string; h: string | null }>(
        `select count(*)::text as c, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`,
      )
    ).rows[0]
    parts.push(`${name}:${row?.c}:${row?.h}`)
  }
  return parts.join(',')
}

/** Sends one request and returns what is wrong with its answer (empty when nothing). */
export async function fire(
  test: TestApp,
  operation: Operation,
  r: Request,
  tokens: Record<string, Record<string, string>>,
  timeoutMs: number,
) {
  const url = buildUrl(operation, r)
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method)
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const response = await Promise.race([
    test.app.inject({
      method: operation.method as 'GET',
      url,
      headers: { ...tokens[r.role], ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { payload: JSON.stringify(r.body) ?? 'null' } : {}),
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hung over ${timeoutMs} ms: ${operation.method} ${url}`)), timeoutMs)
    }),
  ]).finally(() => clearTimeout(timer))
  const ms = performance.now() - started
  const findings: Finding[] = []
  const add = (kind: string, detail: string) =>
    findings.push({
      kind,
      method: operation.method,
      url,
      body: hasBody ? r.body : undefined,
      status: response.statusCode,
      detail,
    })
  if (response.statusCode >= 500) add('5xx', response.body.slice(0, 300))
  for (const leak of LEAKS) if (response.body.includes(leak)) add('leak', leak)
  if (response.statusCode >= 400 && response.statusCode < 500) {
    try {
      const parsed = JSON.parse(response.body) as Record<string, unknown>
      for (const key of ['message', 'error', 'code'])
        if (!(key in parsed)) add('shape', `missing ${key}: ${response.body.slice(0, 200)}`)
    } catch {
      add('shape', `not JSON: ${response.body.slice(0, 200)}`)
    }
  }
  return { findings, ms, status: response.statusCode, url }
}
