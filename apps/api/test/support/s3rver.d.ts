// s3rver ships no types; only what test/support/s3-server.ts uses.
declare module 's3rver' {
  import type { Server } from 'node:http'
  import type { AddressInfo } from 'node:net'

  type S3rverOptions = {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    httpServer: Server | undefined
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
