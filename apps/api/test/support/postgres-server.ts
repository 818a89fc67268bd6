import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.ts'
import { startTestServer, type TestServer } from './restartable-child.ts'

// A PostgreSQL server of the test's own, in its own data directory and on its own port, that the test
// may stop and start again: what a database restart looks like to the shop. Never the machine's shared
// server. Part of the harness for real processes (api-process.ts). Needs the server's binaries
// (initdb, postgres); as root it runs them as the 'postgres' user, since PostgreSQL refuses root.

/** url is postgres://postgres@127.0.0.1:<port>/postgres; start keeps the port and the data. */
export type TestPostgresServer = TestServer & {
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>
}

function binaryDirectory(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return undefined
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
  if (id.status !== 0 || group.status !== 0) return undefined
  return { uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()) }
}

/** Why a PostgreSQL server of the test's own cannot be started here (the test skips with it), or undefined. */
export function postgresServerMissing(): string | undefined {
  if (!binaryDirectory()) return 'no PostgreSQL server binaries (initdb) under /usr/lib/postgresql'
  if (process.getuid?.() === 0 && !runAs()) return "running as root without a 'postgres' user to run the server as"
  return undefined
}

export async function startPostgresServer(): Promise<TestPostgresServer> {
  const bin = binaryDirectory()
  if (!bin) throw new Error('no PostgreSQL server binaries')
  const user = runAs()
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'))
  const dataDirectory = path.join(directory, 'data')
  if (user) fs.chownSync(directory, user.uid, user.gid)
  const initdb = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDirectory, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'],
    { encoding: 'utf8', ...user },
  )
  if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr}`)
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const server = await startTestServer(url, port, {
    name: `PostgreSQL on port ${port}`,
    spawnChild: () =>
      spawn(
        path.join(bin, 'postgres'),
        [
          '-D',
          dataDirectory,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `unix_socket_directories=${directory}`,
          '-c',
          'fsync=off',
          '-c',
          'max_connections=100',
        ],
        { stdio: 'ignore', ...user },
      ),
    async isAnswering() {
      const probe = spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], {
        stdio: 'ignore',
      })
      return probe.status === 0
    },
    startTimeoutMs: 30_000,
    // A fast shutdown: open sessions are ended, as in `systemctl restart postgresql`.
    stopSignal: 'SIGINT',
  })
  return Object.assign(server, {
    async dispose() {
      await server.stop()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  })
}
