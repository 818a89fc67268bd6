import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'

export type S3TestServer = {
  /** http://127.0.0.1:<port> */
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** The S3_* variables that point an API process (or loadConfig) at this server and bucket. */
  env: Record<string, string>
  /** The directory s3rver keeps its buckets in. */
  directory: string
  port: number
  /** Stops the server (its process is killed, open connections with it); removes the directory unless one was given. */
  stop(): Promise<void>
}

export type S3TestServerOptions = {
  /** Reuse a directory (e.g. to restart a stopped server with its objects); default: a fresh one. */
  directory?: string
  /** Listen on this port (e.g. to restart on the same endpoint); default: a free one. */
  port?: number
  /** Default: a fresh name per server. */
  bucket?: string
}

// s3rver accepts any signature made with these (its built-in account).
const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'
const CHILD = fileURLToPath(new URL('./s3-server-child.mjs', import.meta.url))
const START_TIMEOUT_MS = 30_000

/**
 * A real S3-protocol server (s3rver) in a process of its own, on 127.0.0.1, with one bucket (empty unless
 * the directory holds it). Path-style addressing (S3_FORCE_PATH_STYLE=true), as for MinIO.
 */
export async function startS3Server(options: S3TestServerOptions = {}): Promise<S3TestServer> {
  const ownDirectory = options.directory === undefined
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'))
  const bucket = options.bucket ?? `shop-${randomUUID().slice(0, 8)}`
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', CHILD, JSON.stringify({ directory, port: options.port ?? 0, bucket })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the test S3 server did not start within 30 s')), START_TIMEOUT_MS)
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer)
      resolve((JSON.parse(line) as { port: number }).port)
    })
    void exited.then(() => reject(new Error('the test S3 server exited before it listened')))
  }).catch((error: unknown) => {
    child.kill('SIGKILL')
    throw error
  })
  const endpoint = `http://127.0.0.1:${port}`
  let stopped = false
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    directory,
    port,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (stopped) return
      stopped = true
      process.removeListener('exit', killOnExit)
      child.kill('SIGKILL')
      await exited
      if (ownDirectory) fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
