import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { SMTPServer } from 'smtp-server'

// Helpers of the two-process test (issue 12 §2): real API processes, a real SMTP server, a
// Redis probe. Kept apart so that the test file reads as the list of what it shows.

const apiRoot = fileURLToPath(new URL('../..', import.meta.url))

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** True when a Redis server answers PING at this URL within a second. */
export async function isRedisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) })
    const done = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

export type ApiProcess = {
  name: string
  base: string
  child: ChildProcess
  output: string[]
  /** The parsed JSON log lines so far. */
  logs(): Array<Record<string, unknown>>
}

/** Starts `node --import tsx src/main.ts` with this environment (added to the test's own). */
export function startApiProcess(name: string, port: number, env: Record<string, string>): ApiProcess {
  const output: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    output,
    logs() {
      return output
        .join('')
        .split('\n')
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>]
          } catch {
            return []
          }
        })
    },
  }
}

/** Waits until the process answers ready (GET /api/health/ready 200). */
export async function waitUntilReady(api: ApiProcess, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null)
      throw new Error(`${api.name} exited (${api.child.exitCode}): ${api.output.join('')}`)
    try {
      const response = await fetch(`${api.base}/api/health/ready`)
      last = await response.text()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const lines = api.logs().filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed')
  throw new Error(`${api.name} was not ready within ${timeoutMs} ms (${last}): ${JSON.stringify(lines.slice(-20))}`)
}

export async function stopApiProcess(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => api.child.once('exit', () => resolve()))
  api.child.kill('SIGTERM')
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export type SunkMail = { to: string[]; raw: string }

/** A real SMTP server that keeps what arrives. */
export async function startMailSink(): Promise<{ port: number; received: SunkMail[]; stop(): Promise<void> }> {
  const received: SunkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('latin1'),
        })
        callback()
      })
    },
  })
  // A process killed mid-conversation resets its connection; the server reports that as an 'error'
  // event, which without a listener would end the test process.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as net.AddressInfo
  return {
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Counts of each value. */
export function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

export async function until<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (isDone(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
