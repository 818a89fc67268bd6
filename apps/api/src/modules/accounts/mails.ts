import { format, messages } from '@shop/shared/messages/bs.ts'
import { renderMail } from '../../platform/mail-templates.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'

type Recipient = { email: string; name: string | null }

const shopName = messages.common.shopName

export function verificationMail(recipient: Recipient, link: string): OutgoingMail {
  const text = messages.mail
  return {
    kind: 'verify_email',
    to: recipient.email,
    subject: format(text.verifySubject, { shopName }),
    ...renderMail({
      name: recipient.name,
      paragraphs: [format(text.verifyIntro, { shopName })],
      action: { label: text.verifyAction, url: link },
      notes: [format(text.verifyValidity, { hours: 24 }), text.verifyIgnore],
    }),
  }
}

export function passwordResetMail(recipient: Recipient, link: string): OutgoingMail {
  const text = messages.mail
  return {
    kind: 'reset_password',
    to: recipient.email,
    subject: format(text.resetSubject, { shopName }),
    ...renderMail({
      name: recipient.name,
      paragraphs: [format(text.resetIntro, { shopName })],
      action: { label: text.resetAction, url: link },
      notes: [format(text.resetValidity, { hours: 1 }), text.resetIgnore],
    }),
  }
}
