import { format, messages } from '@shop/shared/messages/bs.ts'
import { renderMail } from '../../platform/mail-templates.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'
import type { NewContactMessage } from './repo.ts'

/** A contact form message, to the shop, answered by replying to the sender (customer-side.md §8). */
export function contactMessageMail(shopEmail: string, message: NewContactMessage): OutgoingMail {
  const text = messages.contact
  return {
    kind: 'contact_message',
    to: shopEmail,
    replyTo: message.email,
    subject: format(text.mailSubject, { productName: message.productName }),
    ...renderMail({
      blocks: [
        { kind: 'paragraph', text: text.mailIntro },
        {
          kind: 'facts',
          rows: [
            [text.nameLabel, message.name],
            [text.emailLabel, message.email],
            [text.mailPhone, message.phone],
            [text.mailProduct, message.productName],
          ],
        },
        { kind: 'heading', text: messages.mail.contactHeading },
        { kind: 'quote', text: message.message },
      ],
      isSigned: false,
      footer: messages.mail.replyToSender,
    }),
  }
}
