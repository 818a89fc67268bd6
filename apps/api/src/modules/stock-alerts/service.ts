import { createHash, randomBytes } from 'node:crypto'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { normaliseEmail } from '@shop/shared/rules/email.ts'
import type {
  StockAlertAnswer,
  StockAlertConfirmed,
  StockAlertUnsubscribed,
  WaitingStockAlerts,
} from '@shop/shared/schemas/stock-alerts.ts'
import type { z } from 'zod'
import type { stockAlertInput } from '@shop/shared/schemas/stock-alerts.ts'
import type { Actor } from '../../platform/actor.ts'
import type { Database } from '../../platform/db.ts'
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import type { TimedJob } from '../../platform/scheduler.ts'
import { backInStockMail, CONFIRM_VALIDITY_DAYS, confirmationMail, type AlertLinks } from './mail.ts'
import * as repo from './repo.ts'

// Back-in-stock alerts (docs/decisions.md ('Back-in-stock alerts')): request, double opt-in, the one mail, unsubscribe.
const text = messages.stockAlerts

const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * docs/decisions.md ('Back-in-stock alerts'), 'Limits': at most this many confirmation mails an hour to one mailbox, whoever
 * asks and from however many addresses (the per-address limit is the route's).
 */
export const CONFIRMATIONS_PER_MAILBOX_PER_HOUR = 5
/** How often the job looks for alerts whose stock came back (the triggers mark them at once). */
export const ALERT_JOB_INTERVAL_MS = 3000
/** Alerts written per transaction by the job; a longer queue is taken batch after batch. */
const ALERT_BATCH = 50

type AlertInput = z.output<typeof stockAlertInput>

// A link token is 32 random bytes in base64url; only its SHA-256 is kept (like the account mails' tokens).
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

function createToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashToken(token) }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function invalidToken(): AppError {
  return notFound(text.tokenInvalid, 'STOCK_ALERT_NOT_FOUND')
}

/**
 * POST /api/stock-alerts. A guest (or anyone for another address) gets a confirmation mail; a signed-in
 * customer asking for her own address has proved it already (sign-in needs a verified address), so
 * her alert is on at once. Refused when the product or option has stock now.
 */
export async function requestStockAlert(
  db: Database,
  links: AlertLinks,
  input: AlertInput,
  actor: Actor,
  now: number,
): Promise<StockAlertAnswer> {
  const email = normaliseEmail(input.email)
  const target = await repo.findAlertTarget(db, input.productId, input.optionCode)
  if (!target) throw notFound(text.productNotFound, 'PRODUCT_NOT_FOUND')
  if (target.hasSizes && input.optionCode === null) throw badRequest(text.optionRequired, 'OPTION_REQUIRED')
  if (!target.hasSizes && input.optionCode !== null) throw notFound(text.optionNotFound, 'OPTION_NOT_FOUND')
  if (target.hasSizes && target.option === null) throw notFound(text.optionNotFound, 'OPTION_NOT_FOUND')
  const option = target.option
  if (option ? option.isAvailable : target.isAvailable) {
    throw conflict(option ? text.optionInStock : text.productInStock, 'PRODUCT_IN_STOCK')
  }
  const isOwnAddress = actor.email !== null && normaliseEmail(actor.email) === email
  const at = new Date(now)

  return db.transaction(async (client) => {
    await repo.lockMailbox(client, email)
    const waiting = await repo.findWaitingAlert(client, target.productId, option?.id ?? null, email)
    if (waiting?.isConfirmed) return { status: 'already_subscribed', message: text.alreadySubscribed }
    /** The waiting alert's id, or a new alert's (confirmed at once, or waiting for its confirmation). */
    const alertIdWith = async (confirmedAt: Date | null) =>
      waiting?.id ??
      (await repo.insertAlert(client, {
        productId: target.productId,
        optionId: option?.id ?? null,
        email,
        ip: actor.ip,
        confirmedAt,
      }))
    if (isOwnAddress) {
      const alertId = await alertIdWith(at)
      if (waiting) await repo.confirmAlertNow(client, alertId, at)
      return { status: 'subscribed', message: text.subscribed }
    }
    const sent = await repo.countConfirmationsSince(client, email, new Date(now - HOUR_MS))
    if (sent >= CONFIRMATIONS_PER_MAILBOX_PER_HOUR) {
      throw tooManyRequests(text.tooManyForMailbox, 'TOO_MANY_STOCK_ALERTS')
    }
    // A request repeated before its confirmation gets a fresh mail (the first may be lost); the alert stays one.
    const alertId = await alertIdWith(null)
    const confirm = createToken()
    const unsubscribe = createToken()
    await repo.insertToken(client, { tokenHash: confirm.tokenHash, alertId, purpose: 'confirm', email, at })
    await repo.insertToken(client, { tokenHash: unsubscribe.tokenHash, alertId, purpose: 'unsubscribe', email, at })
    await enqueueMail(
      client,
      confirmationMail(
        links,
        { email, productName: target.name, option: option?.size ?? null },
        { confirm: confirm.token, unsubscribe: unsubscribe.token },
      ),
    )
    return { status: 'confirmation_sent', message: text.confirmationSent }
  })
}

/** GET /api/stock-alerts/confirm/{token}: the double opt-in's second step; a second visit answers the same. */
export async function confirmStockAlert(db: Database, token: string, now: number): Promise<StockAlertConfirmed> {
  if (!TOKEN_SHAPE.test(token)) throw invalidToken()
  const confirmed = await repo.confirmAlert(
    db,
    hashToken(token),
    new Date(now - CONFIRM_VALIDITY_DAYS * DAY_MS),
    new Date(now),
  )
  if (!confirmed) throw invalidToken()
  const product = confirmed.option ? `${confirmed.name} (${confirmed.option})` : confirmed.name
  return {
    message: format(confirmed.isDue ? text.confirmedInStock : text.confirmed, { product }),
    product: { id: confirmed.productId, customId: confirmed.customId, name: confirmed.name, option: confirmed.option },
    isInStock: confirmed.isDue,
  }
}

/**
 * GET and POST /api/stock-alerts/unsubscribe/{token}: ends every waiting alert of the token's address
 * (docs/decisions.md ('Back-in-stock alerts'), 'Unsubscribe'); a second use answers the same.
 */
export async function unsubscribeStockAlerts(
  db: Database,
  token: string,
  now: number,
): Promise<StockAlertUnsubscribed> {
  if (!TOKEN_SHAPE.test(token)) throw invalidToken()
  const result = await db.transaction((client) => repo.unsubscribeByToken(client, hashToken(token), new Date(now)))
  if (!result) throw invalidToken()
  return { message: format(text.unsubscribed, { email: result.email }), email: result.email, ended: result.ended }
}

/**
 * Writes the one mail of every alert whose stock came back, batch after batch; answers how many. The
 * claim and the mails share a transaction (docs/decisions.md ('Back-in-stock alerts'), 'Exactly one mail').
 */
export async function sendDueStockAlerts(db: Database, links: AlertLinks, now: number): Promise<number> {
  let sent = 0
  for (;;) {
    const count = await db.transaction(async (client) => {
      const at = new Date(now)
      const claimed = await repo.claimDueAlerts(client, at, ALERT_BATCH)
      for (const alert of claimed) {
        const unsubscribe = createToken()
        await repo.insertToken(client, {
          tokenHash: unsubscribe.tokenHash,
          alertId: alert.id,
          purpose: 'unsubscribe',
          email: alert.email,
          at,
        })
        await enqueueMail(client, backInStockMail(links, alert, unsubscribe.token))
      }
      return claimed.length
    })
    sent += count
    if (count < ALERT_BATCH) return sent
  }
}

/** The scheduler's job: looks for due alerts every few seconds (a query on a small partial index). */
export function stockAlertsTimedJob(db: Database, links: AlertLinks, now: () => number): TimedJob {
  return {
    name: 'stock-alerts',
    async run() {
      await sendDueStockAlerts(db, links, now())
      return now() + ALERT_JOB_INTERVAL_MS
    },
  }
}

/** Products admin: the confirmed alerts still waiting, per product (in all and per option label). */
export async function waitingStockAlertsOf(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, WaitingStockAlerts>> {
  return repo.countWaitingAlerts(db, productIds)
}
