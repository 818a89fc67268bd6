// The crash and fault scenarios (docs/decisions.md, Faults) with bigger numbers than CI runs them
// (apps/api/test/faults/*.test.ts run the same code small):
//
//   node --import tsx bench/faults.ts --database pglite
//   node --import tsx bench/faults.ts --database postgres [--server-url postgres://postgres@127.0.0.1:5432/postgres]
//   options: --scenarios kill,smtp,cuts,redis,s3,restart,flood   --rounds 3 (kill -9 rounds)   --clients 20
//            --kill-after 400 (acknowledged orders before the kill)   --outage 60 (s, SMTP down)
//            --cuts 60 (pg_terminate_backend rounds under load, 250 ms apart)
//            --part-outage 30 (s: Redis, S3 and PostgreSQL away; redis, s3 and flood need --database postgres,
//            restart starts a PostgreSQL server of its own)
//
// Each scenario prepares its own shop (a PGlite data directory, or a database of its own on the
// server, dropped afterwards), runs the real server (`node --import tsx apps/api/src/main.ts`,
// through the harness in apps/api/test/support/) and a real SMTP server, and prints: requests, 5xx,
// acknowledged orders, lost, duplicated, orders stored without an acknowledgement, and mails sent
// once / missing / twice.
import os from 'node:os'
import { parseArgs } from 'node:util'
import {
  connectionCutsUnderLoad,
  killDuringOrderLoad,
  passwordFlood,
  postgresRestart,
  redisOutage,
  s3Outage,
  smtpOutage,
  type OrderFigures,
} from '../apps/api/test/faults/scenarios.ts'

const { values: options } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    scenarios: { type: 'string', default: 'kill,smtp,cuts' },
    rounds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '20' },
    'kill-after': { type: 'string', default: '400' },
    outage: { type: 'string', default: '60' },
    cuts: { type: 'string', default: '60' },
    'part-outage': { type: 'string', default: '30' },
  },
})

const database = options.database === 'postgres' ? 'postgres' : 'pglite'
const serverUrl = database === 'postgres' ? options['server-url'] : undefined
const scenarios = new Set(options.scenarios.split(','))
const clients = Number(options.clients)

const print = (line = '') => process.stdout.write(`${line}\n`)

const COLUMNS = [
  'scenario',
  'requests',
  '5xx',
  '500',
  'acknowledged',
  'lost',
  'duplicated',
  'stored unacknowledged',
  'mails expected',
  'mails sent once',
  'mails missing',
  'mails twice',
  'other',
]
const rows: string[][] = []

function row(name: string, figures: OrderFigures, other: string): void {
  const cells = [
    name,
    figures.requests,
    figures.status5xx,
    figures.status500,
    figures.acknowledged,
    figures.lost,
    figures.duplicated,
    figures.unacknowledgedStored,
    figures.mailsExpected,
    figures.mailsSentOnce,
    figures.mailsMissing,
    figures.mailsDuplicated,
    other,
  ].map(String)
  rows.push(cells)
  print(`  ${cells.map((cell, index) => `${COLUMNS[index]}: ${cell}`).join(', ')}`)
  const broken =
    figures.lost + figures.duplicated + figures.incomplete + figures.stockMismatches + figures.outboxMismatches
  if (broken > 0 || figures.status500 > 0) {
    print(`  !! lost/duplicated/incomplete/stock/outbox/500: ${JSON.stringify(figures)}`)
    process.exitCode = 1
  }
}

print(
  `faults benchmark on ${database}; ${os.cpus().length} cores; load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)

if (scenarios.has('kill')) {
  for (let round = 1; round <= Number(options.rounds); round += 1) {
    print(`kill -9 round ${round}: ${clients} clients, kill after ${options['kill-after']} acknowledged orders`)
    const figures = await killDuringOrderLoad({
      kind: database,
      serverUrl,
      clients,
      killAfterOrders: Number(options['kill-after']),
      jitterMs: 1000,
      mailWaitMs: 120_000,
    })
    row(
      `kill -9 #${round}`,
      figures,
      `restart ${figures.restartMs} ms; mails pending at the kill ${figures.mailsPendingAtKill}, all sent ${figures.mailsAfterRestartMs} ms after the restart; serves after restart: ${figures.servesAfterRestart}`,
    )
  }
}

if (scenarios.has('smtp')) {
  const outageMs = Number(options.outage) * 1000
  print(`SMTP down ${options.outage} s while ${Math.ceil(clients / 2)} clients order (one every 200 ms each)`)
  const figures = await smtpOutage({
    kind: database,
    serverUrl,
    outageMs,
    clients: Math.ceil(clients / 2),
    pauseMs: 200,
    mailWaitMs: 300_000,
  })
  row(
    `SMTP down ${options.outage} s`,
    figures,
    `all mails ${figures.deliveredAfterMs} ms after the server was back; given up ${figures.givenUp}; unsent ${figures.unsent}`,
  )
}

if (scenarios.has('cuts')) {
  if (!serverUrl) {
    print('PostgreSQL connection cuts: skipped (--database postgres only; PGlite runs inside the API process)')
  } else {
    print(`pg_terminate_backend ${options.cuts} times, 250 ms apart; ${clients} order clients, 10 readers`)
    const figures = await connectionCutsUnderLoad({
      serverUrl,
      orderClients: clients,
      readClients: 10,
      cuts: Number(options.cuts),
      cutEveryMs: 250,
    })
    row(
      'connection cuts',
      figures,
      `${figures.cuts} cuts ended ${figures.connectionsEnded} connections, orders succeeded between ${figures.recoveredBetweenCuts} of them; reads ${figures.reads} (${figures.reads503} × 503); ` +
        `other answers ${figures.unexpected.length}; over 5 s ${figures.over5s}, hung ${figures.hung}; slowest order ${figures.maxMs} ms, read ${figures.readMaxMs} ms; ` +
        `recovered ${figures.recoveredAfterMs} ms after the last cut; process alive ${figures.processAlive}`,
    )
  }
}

const partOutageMs = Number(options['part-outage']) * 1000
const needsServer = (name: string) =>
  print(`${name}: skipped (--database postgres only: two processes share one database)`)

if (scenarios.has('redis')) {
  if (!serverUrl) needsServer('Redis outage')
  else {
    print(`Redis away ${options['part-outage']} s; two processes, ${clients} order clients`)
    const figures = await redisOutage({ serverUrl, outageMs: partOutageMs, clients, pauseMs: 200, mailWaitMs: 120_000 })
    row(
      `Redis away ${options['part-outage']} s`,
      figures,
      `during the outage ${figures.duringOutage} orders, ${figures.acknowledgedDuringOutage} acknowledged; hung ${figures.hung}; ` +
        `readiness ${figures.readinessDuringOutage.map((state) => `${state.status} ${state.body.status}/${state.body.redis}`).join(', ')}; ` +
        `'forgot password' ×6 from one address ${figures.limitedDuringOutage.join(' ')}; back on Redis ${figures.backAfterMs} ms after its return; ` +
        `outage log lines ${figures.outageLines.join('/')}, return lines ${figures.returnLines.join('/')}; slowest order ${figures.maxMs} ms`,
    )
  }
}

if (scenarios.has('s3')) {
  if (!serverUrl) needsServer('S3 outage')
  else {
    print(`S3 away ${options['part-outage']} s; two processes, ${clients} order clients`)
    const figures = await s3Outage({ serverUrl, outageMs: partOutageMs, clients, pauseMs: 200 })
    row(
      `S3 away ${options['part-outage']} s`,
      figures,
      `during the outage ${figures.duringOutage} orders, ${figures.acknowledgedDuringOutage} acknowledged; image reads ${JSON.stringify(figures.imageReadsDuringOutage)} ` +
        `(without Retry-After ${figures.imageReadsWithoutRetryAfter}); upload ${figures.uploadDuringOutage}, objects added ${figures.objectsAddedDuringOutage}; ` +
        `catalogue reads ${JSON.stringify(figures.catalogueReads)}; hung ${figures.hung}; images served again ${figures.backAfterMs} ms after its return`,
    )
  }
}

if (scenarios.has('restart')) {
  print(`PostgreSQL restart: stopped ${options['part-outage']} s; two processes, ${clients} order clients`)
  const figures = await postgresRestart({ downMs: partOutageMs, clients, pauseMs: 200, mailWaitMs: 120_000 })
  row(
    `PostgreSQL stopped ${options['part-outage']} s`,
    figures,
    `reads while down ${JSON.stringify(figures.readsWhileDown)} (503 without Retry-After ${figures.unavailableWithoutRetryAfter}); other answers ${figures.unexpected.length}; ` +
      `hung ${figures.hung}; processes alive ${figures.processesAlive}; both serve orders ${figures.recoveredAfterMs} ms after the start`,
  )
}

if (scenarios.has('flood')) {
  if (!serverUrl) needsServer('Password flood')
  else {
    print(
      `100 failed sign-ins from 100 addresses and 40 wrong current passwords; two processes, ${clients} order clients`,
    )
    const figures = await passwordFlood({
      serverUrl,
      failedSignIns: 100,
      targets: 10,
      wrongCurrentPasswords: 40,
      clients,
    })
    row(
      'password flood',
      figures,
      `customer's sign-in ${figures.customerSignIn.status} in ${figures.customerSignIn.ms} ms, her order ${figures.customerOrder}; ` +
        `sign-ins ${JSON.stringify(figures.signIns)}, password changes ${JSON.stringify(figures.passwordChanges)}; flood 500 ${figures.flood500}, hung ${figures.floodHung}, slowest ${figures.floodMaxMs} ms`,
    )
  }
}

print()
print(`| ${COLUMNS.join(' | ')} |`)
print(`|${COLUMNS.map(() => '---').join('|')}|`)
for (const cells of rows) print(`| ${cells.join(' | ')} |`)
print(
  `load after: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)
