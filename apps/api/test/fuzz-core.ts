import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { buildTestApp, signInAs, type TestApp } from './helpers.ts'
import { documentedOperations } from './support/openapi-document.ts'

// Shared by fuzz.test.ts (bounded, CI) and bench/fuzz.ts (long runs): requests are generated from the
// OpenAPI document, so a route added later is fuzzed without touching these files.

export type Operation = {
  method: string
  path: string
  key: string
  parameters: OpenApiParameter[]
  bodySchema: Schema | undefined
}
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
const param = fc.oneof(
  nasty,
  fc.uuid(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('kupac@demo.ba', 'admin@demo.ba', '0', '-5', '99999999999999999999'),
)
const role = fc.constantFrom('anonymous', 'user', 'wholesale', 'store_manager', 'admin')

/** The subset of JSON Schema (as the OpenAPI document gives it) that the generators read. */
export type Schema = {
  type?: string
  format?: string
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  maxItems?: number
  nullable?: boolean
}

const validText = (schema: Schema): fc.Arbitrary<string> => {
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'email') return fc.constantFrom('kupac@demo.ba', 'novi@example.com', 'admin@demo.ba')
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  const min = schema.minLength ?? 0
  const max = Math.min(schema.maxLength ?? 40, 400)
  // Around the bounds: the shortest, the longest, and one past the longest (refused, never a 500).
  return fc.oneof(
    fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }),
    fc.constant('x'.repeat(max)),
    fc.constant('x'.repeat(max + 1)),
    fc.constantFrom('2026-01-31', '2026-11-24T23:59:59Z', 'Čekić šđž', '12345678', 'Lozinka!2026'),
  )
}

const validNumber = (schema: Schema): fc.Arbitrary<number> => {
  const integer = schema.type === 'integer'
  const min = schema.minimum ?? (integer ? -1000 : -1000.5)
  const max = schema.maximum ?? (integer ? 100_000 : 100_000.5)
  const inside = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })
  return fc.oneof(inside, fc.constantFrom(min, max, min - 1, max + 1, 0))
}

/**
 * Values shaped by a route's own schema, with every leaf sometimes replaced by a hostile value: the
 * request then passes validation far enough to reach the rules and SQL behind it, where the generic
 * generator above stops at the first wrong type.
 */
export function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return value
  const hostile = { arbitrary: value, weight: 1 }
  const valid = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary, weight: 5 }, hostile)
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (branches?.length) return fc.oneof(...branches.map((branch) => fromSchema(branch, depth + 1)))
  if (schema.enum?.length) return valid(fc.constantFrom(...schema.enum))
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, fromSchema(sub, depth + 1)])),
        { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
      )
      return valid(record)
    }
    case 'array': {
      const limit = Math.min(schema.maxItems ?? 5, 120)
      return valid(
        fc.oneof(
          fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min(limit, 4) }),
          // One past the largest allowed list.
          fc.array(fromSchema(schema.items, depth + 1), { minLength: limit + 1, maxLength: limit + 1 }),
        ),
      )
    }
    case 'string':
      return valid(validText(schema))
    case 'integer':
    case 'number':
      return valid(validNumber(schema))
    case 'boolean':
      return valid(fc.boolean())
    default:
      return value
  }
}

type OpenApiParameter = { name: string; in: string; schema?: Schema }
type OpenApiOperation = {
  parameters?: OpenApiParameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}

/** One request of an operation: path parameters, a query and a body, sent with one role's token. */
function requestOf(operation: Operation) {
  const queryParameters = operation.parameters.filter((p) => p.in === 'query')
  const pathParameters = operation.parameters.filter((p) => p.in === 'path')
  const params = fc.tuple(
    ...[0, 1, 2, 3].map((i) => {
      const declared = pathParameters[i]?.schema
      return declared ? fc.oneof(param, fromSchema(declared).map(queryText)) : param
    }),
  )
  const schemaQuery = fc.record(
    Object.fromEntries(queryParameters.map((p) => [p.name, fromSchema(p.schema).map(queryText)])),
    { requiredKeys: [] },
  )
  const genericQuery = fc.dictionary(
    fc.constantFrom('page', 'limit', 'q', 'sort', 'category', 'from', 'to', 'search', 'brand'),
    fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.constantFrom('-1', '1e309', '99999999999')),
    { maxKeys: 3 },
  )
  const genericBody = fc.oneof(
    fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
    fc.array(value, { maxLength: 3 }),
    scalar,
    deep,
  )
  const body = operation.bodySchema
    ? fc.oneof({ arbitrary: fromSchema(operation.bodySchema), weight: 3 }, { arbitrary: genericBody, weight: 1 })
    : genericBody
  return fc.record({
    params,
    query: queryParameters.length
      ? fc.oneof({ arbitrary: schemaQuery, weight: 3 }, { arbitrary: genericQuery, weight: 1 })
      : genericQuery,
    body,
    role,
  })
}
export type Request = { params: string[]; query: Record<string, string | undefined>; body: unknown; role: string }

/** A query value as text: what a URL can carry of any generated value. */
function queryText(v: unknown): string {
  if (typeof v === 'string') return v
  if (v === null || v === undefined) return ''
  if (typeof v === 'object') return (JSON.stringify(v) ?? '').slice(0, 200)
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : ''
}

async function loadOperations(test: TestApp): Promise<Operation[]> {
  return (await documentedOperations<OpenApiOperation>(test)).map(({ described, ...operation }) => ({
    ...operation,
    parameters: described.parameters ?? [],
    bodySchema: described.requestBody?.content?.['application/json']?.schema,
  }))
}

async function loadTokens(test: TestApp): Promise<Record<string, Record<string, string>>> {
  const tokens: Record<string, Record<string, string>> = { anonymous: {} }
  for (const r of ['user', 'wholesale', 'store_manager', 'admin'] as const) tokens[r] = await signInAs(test, r)
  return tokens
}

/**
 * Signs in again any role whose token a fuzzed request ended (sign-out, a password or role change),
 * so that the next routes are fuzzed with a working token rather than refused at the door.
 */
export async function renewEndedTokens(test: TestApp, tokens: Record<string, Record<string, string>>) {
  for (const r of ['user', 'wholesale', 'store_manager', 'admin'] as const) {
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: tokens[r] })
    if (me.statusCode === 401) tokens[r] = await signInAs(test, r)
  }
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
  const search = new URLSearchParams(
    Object.entries(r.query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString()
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
/**
 * The findings of one fuzzed answer, with what every answer is checked for already added (a 5xx, a
 * stack, SQL or a path in the body); `add` records the caller's own.
 */
function findingsOf(
  operation: Operation,
  url: string,
  body: unknown,
  response: { statusCode: number; body: string },
): { findings: Finding[]; add: (kind: string, detail: string) => void } {
  const findings: Finding[] = []
  const add = (kind: string, detail: string) => {
    findings.push({ kind, method: operation.method, url, body, status: response.statusCode, detail })
  }
  if (response.statusCode >= 500) add('5xx', response.body.slice(0, 300))
  for (const leak of LEAKS) if (response.body.includes(leak)) add('leak', leak)
  return { findings, add }
}

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
  const { findings, add } = findingsOf(operation, url, hasBody ? r.body : undefined, response)
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

// Junk multipart bodies (docs/decisions.md, Fuzzing): the upload routes are not in the OpenAPI document's JSON
// bodies, so they get their own generator: image magic numbers followed by garbage, empty and
// oversized names, hostile file names, wrong declared types and broken framing.
const MAGIC = [
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]), // JPEG
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG
  Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'),
  Buffer.from('GIF89a'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(0),
]
const part = fc.record({
  name: fc.oneof(fc.constantFrom('image', 'image', 'file', 'title', 'alt', 'link'), nasty),
  filename: fc.option(
    fc.oneof(fc.constantFrom('a.jpg', 'a.png', 'a.webp', '../../../etc/passwd', 'x.svg', 'a\u0000.jpg'), nasty),
    { nil: undefined },
  ),
  contentType: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/svg+xml', 'text/html', ''),
  magic: fc.constantFrom(...MAGIC),
  garbage: fc.uint8Array({ maxLength: 2048 }),
})
const multipartRequest = fc.record({
  parts: fc.array(part, { minLength: 0, maxLength: 4 }),
  framing: fc.constantFrom('good', 'good', 'good', 'no-end', 'no-boundary', 'wrong-boundary'),
  role,
})
export type MultipartRequest = typeof multipartRequest extends fc.Arbitrary<infer T> ? T : never

function multipartBody(r: MultipartRequest, boundary: string): Buffer {
  const chunks: Buffer[] = []
  for (const p of r.parts) {
    const filename = p.filename === undefined ? '' : `; filename="${p.filename}"`
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : ''
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}${type}\r\n\r\n`),
    )
    chunks.push(p.filename === undefined ? Buffer.from(String(p.garbage.length)) : Buffer.concat([p.magic, p.garbage]))
    chunks.push(Buffer.from('\r\n'))
  }
  if (r.framing !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

/** A junk multipart request as a finding shows it: its framing and each part's first bytes and garbage length. */
function describeMultipart(r: MultipartRequest) {
  return {
    framing: r.framing,
    parts: r.parts.map((p) => ({ ...p, magic: p.magic.subarray(0, 4).toString('hex'), garbage: p.garbage.length })),
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
}

/** Sends one junk multipart request; a refused one must leave no row and no file behind. */
export async function fireMultipart(
  test: TestApp,
  operation: Operation,
  r: MultipartRequest,
  tokens: Record<string, Record<string, string>>,
) {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'
  const contentType =
    r.framing === 'no-boundary'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${r.framing === 'wrong-boundary' ? 'other' : boundary}`
  const uploads = path.join(test.config.dataDir, 'uploads')
  const filesBefore = countFiles(uploads)
  const rowsBefore = await fingerprint(test)
  const url = operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
  const started = performance.now()
  const response = await test.app.inject({
    method: operation.method as 'POST',
    url,
    headers: { ...tokens[r.role], 'content-type': contentType },
    payload: multipartBody(r, boundary),
  })
  const ms = performance.now() - started
  const { findings, add } = findingsOf(operation, url, describeMultipart(r), response)
  if (response.statusCode >= 400) {
    if (countFiles(uploads) !== filesBefore) add('changed', 'refused upload left a file')
    if ((await fingerprint(test)) !== rowsBefore) add('changed', 'refused upload changed data')
  }
  return { findings, ms, status: response.statusCode, url }
}

/** One route's seed: the run's seed moved by the route, so that routes differ but a run replays. */
const routeSeed = (seed: number, operation: Operation) => seed + operation.key.length * 31 + operation.key.charCodeAt(5)

/** The routes that read a multipart upload: the staff images and the buyers' complaints with photos. */
export const isUploadRoute = (operation: Operation) =>
  operation.method === 'POST' && (operation.path.endsWith('/images') || operation.path.endsWith('/returns'))

export type FuzzTarget = {
  test: TestApp
  /** Every route of the OpenAPI document but the document's own (/api/docs). */
  operations: Operation[]
  /** Headers of a signed-in caller per role, and {} for 'anonymous'. */
  tokens: Record<string, Record<string, string>>
}

/** A fresh test app with the routes to fuzz and a caller of each role. */
export async function openFuzzTarget(): Promise<FuzzTarget> {
  const test = await buildTestApp()
  const operations = (await loadOperations(test)).filter((op) => !op.path.startsWith('/api/docs'))
  return { test, operations, tokens: await loadTokens(test) }
}

/** The route's `runs` requests shaped by its schema, the same for the same seed. */
export const sampleRequests = (operation: Operation, seed: number, runs: number) =>
  fc.sample(requestOf(operation), { seed: routeSeed(seed, operation), numRuns: runs })

/** The route's `runs` junk multipart requests when it reads an upload, else none. */
export const sampleMultipartRequests = (operation: Operation, seed: number, runs: number) =>
  isUploadRoute(operation) ? fc.sample(multipartRequest, { seed: routeSeed(seed, operation), numRuns: runs }) : []
