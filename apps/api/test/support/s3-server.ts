import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

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
  /** Closes the server (open connections included); removes the directory unless one was given. */
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

/**
 * A real S3-protocol server (s3rver) in this process, on 127.0.0.1, with one empty bucket.
 * Path-style addressing (S3_FORCE_PATH_STYLE=true), as for MinIO.
 */
export async function startS3Server(options: S3TestServerOptions = {}): Promise<S3TestServer> {
  const ownDirectory = options.directory === undefined
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'))
  const bucket = options.bucket ?? `shop-${randomUUID().slice(0, 8)}`
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  let stopped = false
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    directory,
    port: address.port,
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
      const closed = server.close()
      // Clients keep connections alive; without this, close() waits for them to time out.
      server.httpServer?.closeAllConnections()
      await closed
      if (ownDirectory) fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
