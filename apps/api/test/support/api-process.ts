import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.ts'

// The one way tests and benchmarks run a real API process (`node --import tsx src/main.ts`), for
// what only a process shows: start-up, SIGTERM, kill -9, a lost database, mail server or disk,
// several processes on one database (STYLE.md §9). Its pieces: free-port.ts, scratch-database.ts,
// smtp-sink.ts, s3-server.ts.
//
// The environment is a clean baseline (baselineEnvironment) plus what the caller passes: a
// REDIS_URL, S3_BUCKET, DATABASE_URL or AUTH_SECRET exported in the developer's shell never
// reaches the process. Each process leads a process group of its own, and every way out (stop,
// kill, a failed start, the end of the test process) ends the whole group: no orphans.

export const API_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What a process needs from the runner's environment to run Node at all; nothing of the shop's. */
const BASELINE_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS'] as const

/** The runner's PATH, HOME and the like (see BASELINE_KEYS), then `extra`. */
export function baselineEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const key of BASELINE_KEYS) {
    const value = process.env[key]
    if (value !== undefined) env[key] = value
  }
  return { ...env, ...extra }
}

export type ApiProcessOptions = {
  /**
   * Another entry point run the same way (`node --import tsx <script> ...args`, PORT and the rest in
   * its environment), e.g. bench/bare-server.ts, the catalogue benchmark's ceiling. Default: src/main.ts.
   */
  script?: string
  args?: string[]
  /**
   * Runs the built API (apps/api/dist/main.js, made by `npm run build`) with `node --enable-source-maps
   * --max-semi-space-size=16`, as production does (docs/production.md), instead of the TypeScript through tsx
   * (bench/memory.ts measures both). Ignores `script`.
   */
  built?: boolean
  /**
   * The apps/api folder of another checkout (the production install test's copy, scripts/test-production-install.mjs);
   * default: this one's.
   */
  apiRoot?: string
  /** Serves that checkout's built web app (apps/web/dist) as production does; default: no web app. */
  withWebApp?: boolean
  /** Names the process in error messages (several processes in one test). */
  name?: string
  /** DATA_DIR (PGlite's files unless DATABASE_URL is passed, the uploads); default: a fresh one, removed on stop. */
  dataDir?: string
  /** Default: a free one. */
  port?: number
  /**
   * The shop's variables (DATABASE_URL, SMTP_URL, REDIS_URL, S3_*, AUTH_SECRET...), over the
   * harness's defaults: HOST 127.0.0.1, SEED none, MAIL_WORKER off, LOG_LEVEL warn, no built web app.
   */
  env?: Record<string, string>
  /** The path polled until it answers 200 (default /api/health/ready); null: answer at once, after the spawn. */
  readyPath?: string | null
  readyTimeoutMs?: number
  /** Also writes the process's output to this process's stderr (benchmarks show the server's warnings). */
  echo?: boolean
  /** Runs the process as this user and group (root may test file permissions that way). */
  uid?: number
  gid?: number
}

export type ApiProcess = {
  readonly name: string
  /** http://127.0.0.1:<port> */
  readonly base: string
  readonly port: number
  readonly dataDir: string
  readonly child: ChildProcess
  /** Everything the process wrote, in chunks (pino JSON lines at its LOG_LEVEL). */
  readonly output: string[]
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>
  readonly isRunning: boolean
  /** The whole output as text. */
  log(): string
  /** The last part of the output, for failure messages. */
  tail(characters?: number): string
  /** The JSON lines of the log as objects (other lines, and lines cut by a kill, are skipped). */
  logLines(): Record<string, unknown>[]
  /** Has the log a line with this message (and this request id)? */
  hasLogged(message: string, requestId?: string): boolean
  /** Polls `path` until it answers 200; throws (and kills the process) if it exits or the time runs out. */
  waitUntilReady(path?: string, timeoutMs?: number): Promise<void>
  /** SIGKILL to the whole group: nothing runs after it, no shutdown hook, no flush. */
  kill(): Promise<number | string>
  /** SIGTERM to the process, the group's SIGKILL after the grace period; then its data directory goes if the harness made it. */
  stop(graceMs?: number): Promise<number | string>
}

const running = new Set<ChildProcess>()

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // the group has ended already
  }
}

function killAll(): void {
  for (const child of running) killGroup(child, 'SIGKILL')
}

// The last resort when a test or benchmark ends without stopping its processes: an exit after a
// throw, or Ctrl-C (the processes lead groups of their own, so the terminal's signal misses them).
process.once('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  const onSignal = () => {
    killAll()
    // Without other listeners, the signal does what it would have done: end this process.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  }
  process.once(signal, onSignal)
}

export function parseLogLines(text: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>)
    } catch {
      // a line cut by the kill
    }
  }
  return lines
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Spawns the API with a clean environment and, unless `readyPath` is null, waits until it answers
 * ready. A start that fails kills the process group before the error is thrown.
 */
export async function startApiProcess(options: ApiProcessOptions = {}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort())
  const ownsDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-'))
  const name = options.name ?? `API process on port ${port}`
  const output: string[] = []
  const apiRoot = options.apiRoot ?? API_ROOT
  const entry = options.built
    ? ['--enable-source-maps', '--max-semi-space-size=16', path.join(apiRoot, 'dist', 'main.js')]
    : ['--import', 'tsx', options.script ?? path.join(apiRoot, 'src', 'main.ts')]
  const child = spawn(process.execPath, [...entry, ...(options.args ?? [])], {
    cwd: apiRoot,
    env: baselineEnvironment({
      HOST: '127.0.0.1',
      SEED: 'none',
      MAIL_WORKER: 'off',
      LOG_LEVEL: 'warn',
      ...(!options.withWebApp && { WEB_DIST: path.join(dataDir, 'no-web') }),
      ...options.env,
      PORT: String(port),
      DATA_DIR: dataDir,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid ?? options.uid } : {}),
  })
  running.add(child)
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString())
    if (options.echo) process.stderr.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      // Whatever the process started (PGlite's worker process) ends with it.
      killGroup(child, 'SIGKILL')
      running.delete(child)
      resolve(code ?? signal ?? 'unknown')
    })
    child.once('error', (error) => {
      output.push(String(error))
      running.delete(child)
      resolve('spawn failed')
    })
  })
  const isRunning = () => child.exitCode === null && child.signalCode === null && running.has(child)
  const removeOwnDataDir = () => {
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const api: ApiProcess = {
    name,
    base: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    output,
    exited,
    get isRunning() {
      return isRunning()
    },
    log: () => output.join(''),
    tail: (characters = 4000) => output.join('').slice(-characters),
    logLines: () => parseLogLines(output.join('')),
    hasLogged(message, requestId) {
      return output
        .join('')
        .split('\n')
        .some((line) => line.includes(`"msg":"${message}"`) && (!requestId || line.includes(`"reqId":"${requestId}"`)))
    },
    async waitUntilReady(readyPath = '/api/health/ready', timeoutMs = options.readyTimeoutMs ?? 240_000) {
      const deadline = Date.now() + timeoutMs
      let last = 'no answer'
      while (Date.now() < deadline) {
        if (!isRunning()) throw new Error(`${name} exited (${await exited}) while starting: ${api.tail()}`)
        try {
          const response = await fetch(`${api.base}${readyPath}`, { signal: AbortSignal.timeout(2000) })
          last = `${response.status} ${await response.text()}`
          if (response.ok) return
        } catch {
          // not listening yet
        }
        await sleep(100)
      }
      await api.kill()
      throw new Error(`${name} did not answer ${readyPath} within ${timeoutMs} ms (last: ${last}): ${api.tail()}`)
    },
    async kill() {
      if (isRunning()) killGroup(child, 'SIGKILL')
      const result = await exited
      removeOwnDataDir()
      return result
    },
    async stop(graceMs = 15_000) {
      if (isRunning()) child.kill('SIGTERM')
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs)
      const result = await exited
      clearTimeout(timer)
      removeOwnDataDir()
      return result
    },
  }
  if (options.readyPath !== null) {
    try {
      await api.waitUntilReady(options.readyPath)
    } catch (error) {
      await api.kill()
      throw error
    }
  }
  return api
}

/** Starts several processes at the same moment; if one fails to start, the others are killed too. */
export async function startApiProcesses(list: ApiProcessOptions[]): Promise<ApiProcess[]> {
  const settled = await Promise.allSettled(list.map((options) => startApiProcess(options)))
  const failure = settled.find((result) => result.status === 'rejected')
  if (!failure) return settled.map((result) => (result as PromiseFulfilledResult<ApiProcess>).value)
  await Promise.all(settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.kill()] : [])))
  throw failure.reason
}

export type ApiAnswer<T = unknown> = { status: number; cache: string | null; body: T; headers: Headers }

/**
 * One request to a running API process: `token` signs it in, `ip` is the client's address as the proxy in
 * front (TRUST_PROXY) tells it. A JSON body is parsed, any other kept as text.
 */
export async function callApi<T = Record<string, unknown>>(
  api: ApiProcess,
  url: string,
  {
    method = 'GET',
    body,
    token,
    ip,
    headers = {},
  }: {
    method?: string
    body?: unknown
    token?: string
    ip?: string
    headers?: Record<string, string>
  } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${api.base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: kept as text
  }
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    body: parsed as T,
    headers: response.headers,
  }
}

export type ScriptResult = { code: number | null; stdout: string; stderr: string }

/**
 * Runs a command-line script (`node --import tsx <script> ...args`: the backup command, a migration
 * fixture) to its end, in the clean baseline environment plus `env`.
 */
export function runNodeScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: API_ROOT,
      env: baselineEnvironment(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
