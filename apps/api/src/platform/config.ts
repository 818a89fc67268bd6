import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  SHOP_EMAIL: z.string().email().default('info@trgovina-demo.ba'),
  REDIS_URL: z.string().url().optional(),
  // The start of every Redis key and channel of this shop, so that shops (or test runs) can share one Redis.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,50}$/, 'must be 1 to 50 letters, digits or : _ . -')
    .default('shop:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // docs/decisions.md, Operations: JSON lines for production's log collectors; `npm start` and `npm run dev` ask
  // for readable lines when they print to a terminal.
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_DIST: z.string().optional(),
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  // 'off' answers every catalogue read from SQL; for benchmarks of the uncached path.
  CATALOGUE_CACHE: z.enum(['on', 'off']).default('on'),
  // docs/decisions.md, 'Security': accounts one address may register per hour (a shared NAT may want more).
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // docs/decisions.md, 'Security': product searches (the costly read) one address may make per minute.
  SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // docs/decisions.md, 'Order limits and suspicious orders': when set, wins over the staff's 'orders per address per
  // hour' (a shared NAT, tests, benchmarks).
  ORDERS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).optional(),
  // docs/decisions.md, 'Storage on S3': S3-compatible storage instead of DATA_DIR/uploads when S3_BUCKET is set.
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PUBLIC_URL: z.string().url().optional(),
  // docs/decisions.md, 'Operations': /api/docs (the OpenAPI document and its viewer) lists every staff
  // operation, so it is served only when asked for: `npm run dev` and the tests turn it on.
  API_DOCS: z.enum(['on', 'off']).default('off'),
  // docs/decisions.md, 'Operations': /api/metrics answers only to 'Authorization: Bearer <METRICS_TOKEN>'; unset: 404.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // docs/decisions.md, 'Operations': how long requests in flight may run after SIGTERM before they are cut.
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(600).default(10),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseTrustProxy(value) !== undefined, {
      message: 'TRUST_PROXY must be off, a hop count (1, 2, ...) or a comma-separated list of addresses/CIDRs',
    }),
})

/**
 * Which proxies may tell the client's address through X-Forwarded-For (docs/decisions.md, 'Security'). Off by
 * default: trusting the header from anyone lets every client pick its own address and pass every
 * per-address limit. A hop count trusts that many proxies in front; a list trusts those addresses.
 */
export type TrustProxy = false | number | string[]

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const size = Number(bits)
  return /^\d+$/.test(bits) && size <= (family === 4 ? 32 : 128)
}

export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase()
  if (text === '' || text === 'off' || text === 'false' || text === '0') return false
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : undefined
}

export type Config = Readonly<{
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  seed: 'demo' | 'none'
  /** AUTH_SECRET; without it the shop keeps a generated key in its database (platform/signing-key.ts). */
  authSecret: string | undefined
  publicUrl: string
  smtpUrl: string | undefined
  shopEmail: string
  redisUrl: string | undefined
  redisPrefix: string
  logLevel: string
  logFormat: 'json' | 'pretty'
  webDist: string | undefined
  isMailWorkerOn: boolean
  isCatalogueCacheOn: boolean
  trustProxy: TrustProxy
  registrationsPerHour: number
  searchesPerMinute: number
  /** undefined: the staff setting decides (settings key 'order_limits'). */
  ordersPerAddressPerHour: number | undefined
  /** S3-compatible storage; undefined: files on disk under DATA_DIR/uploads. */
  s3:
    | Readonly<{
        endpoint: string | undefined
        region: string
        bucket: string
        accessKeyId: string | undefined
        secretAccessKey: string | undefined
        forcePathStyle: boolean
        publicUrl: string | undefined
      }>
    | undefined
  metricsToken: string | undefined
  /** /api/docs and /api/docs/json are served (API_DOCS=on). */
  isApiDocsOn: boolean
  shutdownTimeoutMs: number
}>

/** Parses the environment once; a bad value stops start-up naming each bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in a shell or a compose file) means 'not set'.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = environment.safeParse(given)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const values = parsed.data
  const s3Problem = s3ConfigurationProblem(values)
  if (s3Problem) throw new Error(`Invalid configuration:\n  ${s3Problem}`)
  const dataDir = path.resolve(values.DATA_DIR)
  fs.mkdirSync(dataDir, { recursive: true })
  return Object.freeze({
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    seed: values.SEED,
    authSecret: values.AUTH_SECRET,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    smtpUrl: values.SMTP_URL,
    shopEmail: values.SHOP_EMAIL,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    webDist: values.WEB_DIST === undefined ? undefined : path.resolve(values.WEB_DIST),
    isMailWorkerOn: values.MAIL_WORKER === 'on',
    isCatalogueCacheOn: values.CATALOGUE_CACHE === 'on',
    trustProxy: values.TRUST_PROXY === undefined ? false : (parseTrustProxy(values.TRUST_PROXY) ?? false),
    registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
    searchesPerMinute: values.SEARCHES_PER_MINUTE,
    ordersPerAddressPerHour: values.ORDERS_PER_ADDRESS_PER_HOUR,
    s3: values.S3_BUCKET
      ? Object.freeze({
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          bucket: values.S3_BUCKET,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
          publicUrl: values.S3_PUBLIC_URL?.replace(/\/$/, ''),
        })
      : undefined,
    metricsToken: values.METRICS_TOKEN,
    isApiDocsOn: values.API_DOCS === 'on',
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT * 1000,
  })
}

/** S3 settings given without S3_BUCKET would silently leave files on disk; half a key pair never works. */
function s3ConfigurationProblem(values: z.infer<typeof environment>): string | undefined {
  const given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter(
    (key) => values[key] !== undefined,
  )
  if (!values.S3_BUCKET && given.length > 0) return `S3_BUCKET: must be set when ${given.join(', ')} is set`
  if (!values.S3_ACCESS_KEY_ID !== !values.S3_SECRET_ACCESS_KEY) {
    return values.S3_ACCESS_KEY_ID
      ? 'S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID'
      : 'S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY'
  }
  return undefined
}
