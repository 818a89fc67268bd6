import { randomBytes } from 'node:crypto'
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  // 'off' answers every catalogue read from SQL; for benchmarks of the uncached path.
  CATALOGUE_CACHE: z.enum(['on', 'off']).default('on'),
  // Issue 13 (b): accounts one address may register per hour (a shop behind a shared NAT may want more).
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Issue 13 §4: product searches (the costly read) one address may make per minute.
  SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseTrustProxy(value) !== undefined, {
      message: 'TRUST_PROXY must be off, a hop count (1, 2, ...) or a comma-separated list of addresses/CIDRs',
    }),
})

/**
 * Which proxies may tell the client's address through X-Forwarded-For (issue 13 (a)). Off by
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
  authSecret: string
  publicUrl: string
  smtpUrl: string | undefined
  shopEmail: string
  redisUrl: string | undefined
  logLevel: string
  webDist: string | undefined
  isMailWorkerOn: boolean
  isCatalogueCacheOn: boolean
  trustProxy: TrustProxy
  registrationsPerHour: number
  searchesPerMinute: number
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
  const dataDir = path.resolve(values.DATA_DIR)
  fs.mkdirSync(dataDir, { recursive: true })
  return Object.freeze({
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    seed: values.SEED,
    authSecret: values.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    smtpUrl: values.SMTP_URL,
    shopEmail: values.SHOP_EMAIL,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    webDist: values.WEB_DIST,
    isMailWorkerOn: values.MAIL_WORKER === 'on',
    isCatalogueCacheOn: values.CATALOGUE_CACHE === 'on',
    trustProxy: values.TRUST_PROXY === undefined ? false : (parseTrustProxy(values.TRUST_PROXY) ?? false),
    registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
    searchesPerMinute: values.SEARCHES_PER_MINUTE,
  })
}

/** A signing key generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    const secret = randomBytes(48).toString('base64url')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}
