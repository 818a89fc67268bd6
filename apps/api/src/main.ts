import path from 'node:path'
import { buildApp } from './app.ts'
import { loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db.ts'
import { startMailWorker } from './platform/mail.ts'
import { migrate } from './platform/migrate.ts'
import { startScheduler } from './platform/scheduler.ts'
import { saleTimedJob } from './modules/admin-sales/service.ts'
import { seedIfEmpty } from './seed/seed.ts'

const config = loadConfig()
const db = await openDatabase({ url: config.databaseUrl, directory: path.join(config.dataDir, 'db') })
await migrate(db)
const app = await buildApp({ config, db })
await seedIfEmpty(db, config, app.log)
await app.listen({ port: config.port, host: config.host })
const mailWorker = config.isMailWorkerOn ? startMailWorker({ db, config, log: app.log }) : undefined
// Sales start and end on their own (DECISIONS); keyed by db so staff changes wake it at once.
const scheduler = startScheduler({ jobs: [saleTimedJob(db, app.now)], now: app.now, log: app.log, key: db })

let isClosing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isClosing) return
    isClosing = true
    app.log.info({ signal }, 'shutting down')
    void app
      .close()
      .then(() => scheduler.stop())
      .then(() => mailWorker?.stop())
      .then(() => db.close())
      .then(() => process.exit(0))
  })
}
