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
}

export type MailWorker = {
  /** Sends every due mail now and resolves when none is left (failures wait for their back-off). */
  drain(): Promise<void>
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>
}

const POLL_INTERVAL_MS = 2000
const BATCH_SIZE = 10
/**
 * A claimed mail is not due again for this long, so another process skips it while this one
 * sends; if this process dies mid-send, the mail becomes due again after the lease (sent at
 * least once, never lost).
 */
const LEASE_MS = 5 * 60 * 1000
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
  attempts: number
}

/** 30 s, 1 min, 2 min, ... at most 1 h, after the given number of failed attempts. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_MS)
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
          // A mail server that does not answer must not hold a batch for nodemailer's default 2 minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : undefined)
  const from = `"${messages.common.shopName}" <${config.shopEmail}>`

  async function claimDue(): Promise<OutboxRow[]> {
    const at = now()
    const { rows } = await db.query<OutboxRow>(
      `update outbox set next_attempt_at = $2
        where id in (select id from outbox
                      where sent_at is null and attempts < $3 and next_attempt_at < $1
                      order by priority, next_attempt_at, id
                      limit $4
                      for update skip locked)
       returning id, kind, to_address, reply_to, subject, text_body, html_body, attempts, priority`,
      // Due up to the end of this millisecond: the database keeps microseconds, a JS date only
      // milliseconds, so a mail written in this same millisecond would otherwise wait a whole poll.
      [new Date(at + 1), new Date(at + LEASE_MS), MAX_ATTEMPTS, BATCH_SIZE],
    )
    // Account mails first (issue 13 (g)), then in the order they were written.
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
    })
  }

  async function sendOne(row: OutboxRow): Promise<void> {
    try {
      await deliver(row)
      await db.query('update outbox set sent_at = $2, last_error = null where id = $1', [row.id, new Date(now())])
      log.debug({ mailId: row.id, kind: row.kind }, 'mail sent')
    } catch (error) {
      const attempts = row.attempts + 1
      const reason = error instanceof Error ? error.message : String(error)
      await db.query('update outbox set attempts = $2, next_attempt_at = $3, last_error = $4 where id = $1', [
        row.id,
        attempts,
        new Date(now() + retryDelayMs(attempts)),
        reason.slice(0, 1000),
      ])
      const details = { mailId: row.id, kind: row.kind, attempts, err: error }
      if (attempts >= MAX_ATTEMPTS) log.error(details, 'mail given up after the last attempt')
      else log.warn(details, 'mail not sent; will retry')
    }
  }

  async function sendBatch(): Promise<number> {
    const rows = await claimDue()
    for (const row of rows) await sendOne(row)
    return rows.length
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

  const timer = setInterval(() => {
    if (running) return
    runBatch().catch((error: unknown) => log.warn({ err: error }, 'mail worker could not read the outbox'))
  }, options.pollIntervalMs ?? POLL_INTERVAL_MS)
  timer.unref()

  return {
    async drain() {
      while ((await runBatch()) > 0) {
        // keep going until no mail is due
      }
    },
    async stop() {
      clearInterval(timer)
      while (running) await running.catch(() => 0)
      transport?.close?.()
    },
  }
}
