import { spawn, spawnSync } from 'node:child_process'
import { freePort, isRedisReachable } from './free-port.ts'
import { restartableChild } from './restartable-child.ts'

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
  const server = restartableChild({
    name: `redis-server on port ${port}`,
    spawnChild: () =>
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
        { stdio: 'ignore' },
      ),
    isAnswering: () => isRedisReachable(url),
    startTimeoutMs: 10_000,
    stopSignal: 'SIGKILL',
  })
  await server.start()
  return {
    url,
    port,
    get isRunning() {
      return server.isRunning
    },
    stop: () => server.stop(),
    start: () => server.start(),
  }
}
