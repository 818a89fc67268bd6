// The test's S3 server in a process of its own (started by s3-server.ts). Node 17+ ships OpenSSL 3, which
// keeps DES, the cipher s3rver makes its list continuation tokens with, in the legacy provider: without
// --openssl-legacy-provider a listing past 1,000 objects answers 500. docs/decisions.md, 'Test S3 server'.
import S3rver from 's3rver'

const { directory, port, bucket } = JSON.parse(process.argv[2])
const server = new S3rver({
  address: '127.0.0.1',
  port,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
})
const address = await server.run()
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`)
// The test process holds our stdin: when it ends (the test process exited, however), so do we.
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
