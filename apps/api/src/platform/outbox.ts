import type { Queryable } from './db.ts'

export type OutgoingMail = {
  kind: string
  to: string
  replyTo?: string | null
  subject: string
  text: string
  html: string
  /** Headers of the mail's own, e.g. List-Unsubscribe (stock-alerts/mail.ts). */
  headers?: Readonly<Record<string, string>>
}

/**
 * Writes a mail to the outbox (ARCHITECTURE: Mail). Pass the client of the transaction that
 * caused the mail, so the mail exists exactly when the change does; the mail worker sends it.
 */
export async function enqueueMail(client: Queryable, mail: OutgoingMail): Promise<void> {
  await client.query(
    `insert into outbox (kind, to_address, reply_to, subject, text_body, html_body, priority, headers)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      mail.kind,
      mail.to,
      mail.replyTo ?? null,
      mail.subject,
      mail.text,
      mail.html,
      mailPriority(mail.kind),
      mail.headers ? JSON.stringify(mail.headers) : null,
    ],
  )
}

/** Mails a person waits for on a form (verification, password reset): they go before bulk mail. */
export const ACCOUNT_MAIL_KINDS: ReadonlySet<string> = new Set(['verify_email', 'reset_password', 'delete_account'])

/** docs/decisions.md, 'Security': 0 is sent first (account mails), 1 after (order notices, contact messages). */
export function mailPriority(kind: string): number {
  return ACCOUNT_MAIL_KINDS.has(kind) ? 0 : 1
}
