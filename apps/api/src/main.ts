import path from 'node:path'
import { buildApp } from './app.ts'
import { loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db.ts'
import { createLifecycle, shutDownOnSignals } from './platform/lifecycle.ts'
import { startMailWorker } from './platform/mail.ts'
import { migrate } from './platform/migrate.ts'
import { startScheduler } from './platform/scheduler.ts'
import { logProcessOutput, startLog } from './platform/log-lines.ts'
import { describeStartFailure } from './platform/start-failure.ts'
import { createStorage } from './platform/storage.ts'
import { saleTimedJob } from './modules/sales/job.ts'
import { stockAlertsTimedJob } from './modules/stock-alerts/service.ts'
import { emailsToReview } from './modules/accounts/service.ts'
import { warnWhenNoAdmin } from './ops/create-admin-account.ts'
import { seedIfEmpty } from './seed/seed.ts'

// docs/decisions.md, 'What the operator reads': until the app's logger exists, and for a failed start, lines of
// the same shape (JSON, or readable with LOG_FORMAT=pretty) from startLog.
const earlyLog = startLog()
logProcessOutput(earlyLog)

async function start(): Promise<void> {
  const config = loadConfig()
  // docs/decisions.md, 'Storage on S3': a bad or unreachable bucket (or an unwritable uploads folder) stops start-up,
  // naming the variable.
  await createStorage(config).check()
  const lifecycle = createLifecycle('starting')
  const db = await openDatabase({ url: config.databaseUrl, directory: path.join(config.dataDir, 'db') })
  const app = await buildApp({ config, db, lifecycle })
  logProcessOutput(app.log)
  // docs/decisions.md, 'Operations': listen first, so that readiness answers 503 (not a refused connection) while
  // migrating and seeding.
  shutDownOnSignals({ app, db, log: app.log, drainTimeoutMs: config.shutdownTimeoutMs })
  await app.listen({ port: config.port, host: config.host })
  const applied = await lifecycle.step('migrating', () => migrate(db))
  // One line per applied migration, then one for the lot: the operator sees what an update changed.
  for (const name of applied) app.log.info({ migration: name }, `migration applied: ${name}`)
  app.log.info(
    { applied: applied.length },
    applied.length > 0 ? `database migrated (${applied.length} applied)` : 'database up to date',
  )
  await lifecycle.step('seeding', () => seedIfEmpty(db, config, app.log))
  await warnWhenNoAdmin(db, app.log)
  const review = await emailsToReview(db)
  if (review.clash + review.notPlain > 0)
    app.log.warn(
      review,
      `${review.clash + review.notPlain} accounts have an e-mail address that clashes with another once normalised, or holds look-alike characters: see the table email_review (docs/decisions.md, 'One e-mail, one account')`,
    )
  const mailWorker = config.isMailWorkerOn
    ? startMailWorker({ db, config, log: app.log, onDelivery: (result) => app.metrics.countMail(result) })
    : undefined
  if (mailWorker) lifecycle.onStop(() => mailWorker.stop())
  // Sales start and end on their own (DECISIONS); keyed by db so staff changes wake it at once.
  const scheduler = startScheduler({
    jobs: [
      app.metrics.instrumentJob(saleTimedJob(db, app.now)),
      // docs/decisions.md ('Back-in-stock alerts'): the one mail of each alert whose stock came back.
      app.metrics.instrumentJob(stockAlertsTimedJob(db, { publicUrl: config.publicUrl }, app.now)),
    ],
    now: app.now,
    log: app.log,
    key: db,
    redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
  })
  lifecycle.onStop(() => scheduler.stop())
  lifecycle.enter('ready')
}

try {
  await start()
} catch (error) {
  // A failed start says why in a sentence an operator can act on (a full disk, an unwritable DATA_DIR).
  earlyLog.fatal(describeStartFailure(error, process.env.DATA_DIR || './data', process.env.DATABASE_URL || undefined))
  process.exit(1)
}
