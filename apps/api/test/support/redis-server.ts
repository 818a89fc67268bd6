import { spawn, spawnSync } from 'node:child_process'
import { freePort, isRedisReachable } from './free-port.ts'
import { startTestServer, type TestServer } from './restartable-child.ts'

// A Redis server of the test's own (never the machine's shared one), on a free port, that the test
// may stop and start again on the same port: what an operator's Redis outage looks like to the shop.
// Part of the harness for real processes (api-process.ts).

/** Its stop ends the server at once (SIGKILL); its start brings it back on the same port, empty. */
export type TestRedisServer = TestServer

/** Why redis-server cannot be started here (the test then skips with this reason), or undefined. */
export function redisServerMissing(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' })
  return probe.error ? 'redis-server is not installed (apt-get install redis-server)' : undefined
}

export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  return startTestServer(url, port, {
    name: `redis-server on port ${port}`,
    spawnChild: () =>
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
        { stdio: 'ignore' },
      ),
    isAnswering: () => isRedisReachable(url),
    startTimeoutMs: 10_000,
    // The shop's connections break as in a crash.
    stopSignal: 'SIGKILL',
  })
}
