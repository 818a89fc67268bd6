// The ceiling of the catalogue benchmark: bare Fastify answering a prebuilt body, no hooks,
// no plugins, no logging. Usage: PORT=<port> node --import tsx bench/bare-server.ts <body file>
// (bench/catalogue.ts starts it through the harness, apps/api/test/support/api-process.ts).
import fs from 'node:fs'
import Fastify from 'fastify'

const [bodyFile] = process.argv.slice(2)
const port = process.env.PORT
if (!port || !bodyFile) throw new Error('Usage: PORT=<port> bare-server.ts <body file>')
const body = fs.readFileSync(bodyFile, 'utf8')
const app = Fastify({ logger: false })
app.get('/api/products', (_request, reply) => reply.type('application/json; charset=utf-8').send(body))
app.get('/api/health', (_request, reply) => reply.send({ status: 'ok' }))
await app.listen({ port: Number(port), host: '127.0.0.1' })
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)))
