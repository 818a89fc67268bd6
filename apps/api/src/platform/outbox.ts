import type { Queryable } from './db.ts'

export type OutgoingMail = {
  kind: string
  to: string
  replyTo?: string | null
  subject: string
  text: string
  html: string
}

/**
 * Writes a mail to the outbox (ARCHITECTURE: Mail). Pass the client of the transaction that
 * caused the mail, so the mail exists exactly when the change does; the mail worker sends it.
 */
export async function enqueueMail(client: Queryable, mail: OutgoingMail): Promise<void> {
  await client.query(
    `insert into outbox (kind, to_address, reply_to, subject, text_body, html_body)
     values ($1, $2, $3, $4, $5, $6)`,
    [mail.kind, mail.to, mail.replyTo ?? null, mail.subject, mail.text, mail.html],
  )
}
