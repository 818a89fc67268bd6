// The ceiling of the catalogue benchmark: bare Fastify answering a prebuilt body, no hooks,
// no plugins, no logging. Usage: node --import tsx bench/bare-server.ts <port> <body file>
import fs from 'node:fs'
import Fastify from 'fastify'

const [port, bodyFile] = process.argv.slice(2)
if (!port || !bodyFile) throw new Error('Usage: bare-server.ts <port> <body file>')
const body = fs.readFileSync(bodyFile, 'utf8')
const app = Fastify({ logger: false })
app.get('/api/products', (_request, reply) => reply.type('application/json; charset=utf-8').send(body))
app.get('/api/health', (_request, reply) => reply.send({ status: 'ok' }))
await app.listen({ port: Number(port), host: '127.0.0.1' })
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)))
