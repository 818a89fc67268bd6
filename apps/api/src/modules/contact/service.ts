import { format, messages } from '@shop/shared/messages/bs.ts'
import type { Database } from '../../platform/db.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import { insertContactMessage, type NewContactMessage } from './repo.ts'

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Stores the message and, in the same transaction, mails it to the shop with reply-to the sender. */
export async function receiveContactMessage(
  db: Database,
  shopEmail: string,
  message: NewContactMessage,
): Promise<string> {
  const text = messages.contact
  return db.transaction(async (client) => {
    const id = await insertContactMessage(client, message)
    const rows: Array<[string, string]> = [
      [text.nameLabel, message.name],
      [text.emailLabel, message.email],
      ['Telefon', message.phone],
      ['Proizvod', message.productName],
    ]
    await enqueueMail(client, {
      kind: 'contact_message',
      to: shopEmail,
      replyTo: message.email,
      subject: format(text.mailSubject, { productName: message.productName }),
      text: [text.mailIntro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', message.message].join('\n'),
      html: [
        `<p>${escapeHtml(text.mailIntro)}</p>`,
        '<table>',
        ...rows.map(
          ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
        `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
      ].join(''),
    })
    return id
  })
}
