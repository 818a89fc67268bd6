import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { messages } from '@shop/shared/messages/bs.ts'
import type { Config } from './config.ts'
import type { Database } from './db.ts'

/** What the worker needs of a mail transport; nodemailer's SMTP transport fits, tests may pass their own. */
export type MailTransport = {
  sendMail(message: {
    from: string
    to: string
    replyTo?: string
    subject: string
    text: string
    html: string
    headers?: Record<string, string>
  }): Promise<unknown>
  close?(): void
}

export type MailWorkerOptions = {
  db: Database
  config: Config
  log: FastifyBaseLogger
  /** Overrides SMTP_URL; without both, mails are logged and marked sent (the demo shop). */
  transport?: MailTransport
  /** The clock that decides which mails are due (tests move it past a back-off). */
  now?: () => number
  pollIntervalMs?: number
  /** Called after every delivery attempt (metrics). */
  onDelivery?: (result: 'sent' | 'failed') => void
}

export type MailWorker = {
  /** Sends every due mail now and resolves when none is left (failures wait for their back-off). */
  drain(): Promise<void>
  /**
   * Stops polling, waits for the mail being sent and hands the rest of the batch back (due at
   * once, for another process or the next start), instead of leaving them to the lease.
   */
  stop(): Promise<void>
}

const POLL_INTERVAL_MS = 2000
const BATCH_SIZE = 10
/**
 * A claimed mail is not due again for this long, so another process skips it while this one
 * sends; if this process dies mid-send (kill -9, a crash), the mail becomes due again after the
 * lease (sent at least once, never lost). Short, and renewed while the batch is still sending,
 * so that the mails of a killed process wait seconds, not minutes (docs/decisions.md, 'Faults').
 */
const LEASE_MS = 20 * 1000
const LEASE_RENEWAL_MS = 5 * 1000
/** How often a delivered mail's 'sent' is written again while the database does not take it. */
const RECORD_RETRY_MS = 250
/**
 * While the mail server cannot be reached, mails wait this long and then the worker tries the
 * server again; an outage is the server's, not the mail's, so it uses up none of its attempts.
 */
export const SERVER_RETRY_MS = 5 * 1000
const FIRST_RETRY_MS = 30 * 1000
const LONGEST_RETRY_MS = 60 * 60 * 1000
export const MAX_ATTEMPTS = 10

type OutboxRow = {
  id: number
  priority: number
  kind: string
  to_address: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  headers: Record<string, string> | null
  attempts: number
}

/** 30 s, 1 min, 2 min, ... at most 1 h, after the given number of failed attempts. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_MS)
}

/**
 * The mail server is down or unreachable (refused, timed out, cut, name not resolved, 421), as
 * opposed to a mail it refused (nodemailer's own test, plus a failed DNS lookup).
 */
export function isMailServerUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  return responseCode === 421 || ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(String(code))
}

class MailServerUnreachable extends Error {
  constructor(readonly reason: unknown) {
    super('mail server unreachable')
  }
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}

/**
 * The outbox worker (ARCHITECTURE: Mail): every mail was written to the outbox in the
 * transaction that caused it; this sends the due ones over SMTP with retries. Claims use
 * `for update skip locked`, so several API processes can run it side by side.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, config, log } = options
  const now = options.now ?? (() => Date.now())
  const transport: MailTransport | undefined =
    options.transport ??
    (config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          // Kept-open connections: a new SMTP connection for every mail made the worker ten times
          // slower, and the mails that waited out an outage must go out in seconds (docs/decisions.md, 'Faults').
          // Closed after a second without mail, so that an idle shop holds no connection open.
          pool: true,
          idleTimeout: 1000,
          // A mail server that does not answer must not hold a batch for nodemailer's default 2 minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : undefined)
  const from = `"${messages.common.shopName}" <${config.shopEmail}>`
  // Claimed by this worker and not yet tried: what stop() hands back.
  const claimed = new Set<number>()
  let isStopping = false

  async function claimDue(): Promise<OutboxRow[]> {
    const at = now()
    // Named: every process polls with it every two seconds, and planning it took longer than running it.
    const { rows } = await db.query<OutboxRow>({
      name: 'outbox_claim_due',
      text: `update outbox set next_attempt_at = $2
        where id in (select id from outbox
                      where sent_at is null and attempts < $3 and next_attempt_at < $1
                      order by priority, next_attempt_at, id
                      limit $4
                      for update skip locked)
       returning id, kind, to_address, reply_to, subject, text_body, html_body, headers, attempts, priority`,
      // Due up to the end of this millisecond: the database keeps microseconds, a JS date only
      // milliseconds, so a mail written in this same millisecond would otherwise wait a whole poll.
      values: [new Date(at + 1), new Date(at + LEASE_MS), MAX_ATTEMPTS, BATCH_SIZE],
    })
    for (const row of rows) claimed.add(Number(row.id))
    // Account mails first (docs/decisions.md, 'Security'), then in the order they were written.
    return rows.sort((left, right) => left.priority - right.priority || left.id - right.id)
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (!transport) {
      log.info(
        { mailId: row.id, kind: row.kind, to: row.to_address, subject: row.subject, links: linksIn(row.text_body) },
        'mail not sent (no SMTP_URL); logged instead',
      )
      return
    }
    await transport.sendMail({
      from,
      to: row.to_address,
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      ...(row.headers ? { headers: row.headers } : {}),
    })
  }

  let isServerDown = false

  /**
   * Records a delivered mail as sent, trying again while the database is away (a restart, a cut
   * connection): a mail the SMTP server took is never left looking unsent, which would send it twice
   * once its lease ran out. Gives up only when the worker stops (docs/decisions.md, 'Faults').
   */
  async function recordSent(row: OutboxRow): Promise<void> {
    const sentAt = new Date(now())
    let isWaiting = false
    for (;;) {
      try {
        await db.query('update outbox set sent_at = $2, last_error = null where id = $1', [row.id, sentAt])
        if (isWaiting) log.info({ mailId: row.id }, 'mail recorded as sent once the database answered again')
        return
      } catch (error) {
        if (isStopping) throw error
        if (!isWaiting) log.warn({ err: error, mailId: row.id }, 'mail sent but not yet recorded; retrying')
        isWaiting = true
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS))
      }
    }
  }

  async function sendOne(row: OutboxRow): Promise<void> {
    try {
      await deliver(row)
    } catch (error) {
      await recordFailure(row, error)
      return
    }
    await recordSent(row)
    log.debug({ mailId: row.id, kind: row.kind }, 'mail sent')
    options.onDelivery?.('sent')
    if (isServerDown) log.info('mail server reachable again; sending the mails that waited')
    isServerDown = false
  }

  /** A failed delivery: a mail server that cannot be reached is the batch's concern; any other error uses up an attempt. */
  async function recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    if (isMailServerUnreachable(error)) throw new MailServerUnreachable(error)
    const attempts = row.attempts + 1
    const reason = error instanceof Error ? error.message : String(error)
    await db.query('update outbox set attempts = $2, next_attempt_at = $3, last_error = $4 where id = $1', [
      row.id,
      attempts,
      new Date(now() + retryDelayMs(attempts)),
      reason.slice(0, 1000),
    ])
    options.onDelivery?.('failed')
    const details = { mailId: row.id, kind: row.kind, attempts, err: error }
    if (attempts >= MAX_ATTEMPTS) log.error(details, 'mail given up after the last attempt')
    else log.warn(details, 'mail not sent; will retry')
  }

  /** The mail server is unreachable: the batch's untried mails wait for it, keeping their attempts. */
  async function waitForServer(rows: OutboxRow[], failure: MailServerUnreachable): Promise<void> {
    const reason = failure.reason instanceof Error ? failure.reason.message : String(failure.reason)
    await db.query(
      'update outbox set next_attempt_at = $2, last_error = $3 where id = any($1::bigint[]) and sent_at is null',
      [rows.map((row) => row.id), new Date(now() + SERVER_RETRY_MS), reason.slice(0, 1000)],
    )
    for (const row of rows) claimed.delete(Number(row.id))
    options.onDelivery?.('failed')
    if (!isServerDown) log.warn({ err: failure.reason }, 'mail server unreachable; mails wait in the outbox')
    isServerDown = true
  }

  async function sendBatch(): Promise<number> {
    if (isStopping) return 0
    const rows = await claimDue()
    // The lease is renewed while the batch is still sending (a slow mail server), never left to lapse.
    const renewal = setInterval(() => {
      const ids = [...claimed]
      if (ids.length === 0) return
      db.query('update outbox set next_attempt_at = $2 where id = any($1::bigint[]) and sent_at is null', [
        ids,
        new Date(now() + LEASE_MS),
      ]).catch(() => undefined)
    }, LEASE_RENEWAL_MS)
    renewal.unref()
    try {
      for (const [index, row] of rows.entries()) {
        if (isStopping) break
        try {
          await sendOne(row)
        } catch (error) {
          if (!(error instanceof MailServerUnreachable)) throw error
          await waitForServer(rows.slice(index), error)
          return 0
        } finally {
          claimed.delete(Number(row.id))
        }
      }
    } finally {
      clearInterval(renewal)
    }
    return rows.length
  }

  /** Makes the mails claimed but not tried due again now, for a graceful shutdown (docs/decisions.md, 'Operations'). */
  async function releaseClaimed(): Promise<void> {
    if (claimed.size === 0) return
    const ids = [...claimed]
    claimed.clear()
    try {
      await db.query('update outbox set next_attempt_at = $2 where id = any($1::bigint[]) and sent_at is null', [
        ids,
        new Date(now()),
      ])
      log.info({ mailIds: ids }, 'mail worker stopped; claimed mails handed back')
    } catch (error) {
      // They become due again when their lease ends; nothing is lost.
      log.warn({ err: error, mailIds: ids }, 'mail worker could not hand back its claimed mails')
    }
  }

  // One batch at a time in this process: the timer and drain() never send the same mail twice.
  let running: Promise<number> | null = null
  async function runBatch(): Promise<number> {
    while (running) await running.catch(() => 0)
    running = sendBatch()
    try {
      return await running
    } finally {
      running = null
    }
  }

  // On the embedded database this process is the only one (the data directory is locked), so a
  // lease still running was left by a process that died (kill -9, a crash): those mails are due now.
  // (A back-off that ends within one lease ends a little early; nothing is sent twice by this.)
  if (db.kind === 'pglite') {
    const at = now()
    db.query(
      'update outbox set next_attempt_at = $1 where sent_at is null and next_attempt_at > $1 and next_attempt_at <= $2',
      [new Date(at), new Date(at + LEASE_MS)],
    ).catch((error: unknown) => log.warn({ err: error }, 'mail worker could not read the outbox'))
  }

  // A full batch means more may be due: the next follows at once, not 10 per poll (a backlog goes out in seconds).
  async function sendWhileDue(): Promise<void> {
    while ((await runBatch()) === BATCH_SIZE && !isStopping) {
      // keep going
    }
  }

  const timer = setInterval(() => {
    if (running) return
    sendWhileDue().catch((error: unknown) => log.warn({ err: error }, 'mail worker could not read the outbox'))
  }, options.pollIntervalMs ?? POLL_INTERVAL_MS)
  timer.unref()

  return {
    async drain() {
      while ((await runBatch()) > 0) {
        // keep going until no mail is due
      }
    },
    async stop() {
      isStopping = true
      clearInterval(timer)
      while (running) await running.catch(() => 0)
      await releaseClaimed()
      transport?.close?.()
    },
  }
}
