import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { freePort, isRedisReachable } from './free-port.ts'

// A Redis server of the test's own (never the machine's shared one), on a free port, that the test
// may stop and start again on the same port: what an operator's Redis outage looks like to the shop.
// Part of the harness for real processes (api-process.ts).

export type TestRedisServer = {
  readonly url: string
  readonly port: number
  readonly isRunning: boolean
  /** Ends the server at once (SIGKILL): the shop's connections break as in a crash. */
  stop(): Promise<void>
  /** Starts it again on the same port, empty; resolves once it answers PING. */
  start(): Promise<void>
}

/** Why redis-server cannot be started here (the test then skips with this reason), or undefined. */
export function redisServerMissing(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' })
  return probe.error ? 'redis-server is not installed (apt-get install redis-server)' : undefined
}

export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    if (child) return
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    )
    const deadline = Date.now() + 10_000
    while (!(await isRedisReachable(url))) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async function stop(): Promise<void> {
    const running = child
    if (!running) return
    child = undefined
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }

  process.once('exit', () => child?.kill('SIGKILL'))
  await start()
  return {
    url,
    port,
    get isRunning() {
      return child !== undefined
    },
    stop,
    start,
  }
}
