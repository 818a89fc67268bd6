// Vendure's server for the bench: node bench/vendure/server.mjs --port 3680 (or PORT) [--database vendure_bench]
//   [--postgres-url postgres://postgres@127.0.0.1:5432]. The catalogue is bench/vendure/load.mjs's.
import { parseArgs } from 'node:util'
import { bootstrap, Logger, LogLevel, DefaultLogger } from '@vendure/core'
import { vendureConfig } from './vendure-config.mjs'

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3680' },
    database: { type: 'string', default: 'vendure_bench' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
})
Logger.useLogger(new DefaultLogger({ level: LogLevel.Warn }))
const config = vendureConfig({
  postgresUrl: options['postgres-url'],
  database: options.database,
  port: Number(options.port),
})
const app = await bootstrap({ ...config, logger: new DefaultLogger({ level: LogLevel.Warn }) })
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => {
    void app.close().then(() => process.exit(0))
  })
