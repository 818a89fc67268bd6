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
      blocks: [
        { kind: 'paragraph', text: format(text.verifyIntro, { shopName }) },
        { kind: 'action', label: text.verifyAction, url: link },
        { kind: 'note', text: format(text.verifyValidity, { hours: 24 }) },
        { kind: 'note', text: text.verifyIgnore },
      ],
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
      blocks: [
        { kind: 'paragraph', text: format(text.resetIntro, { shopName }) },
        { kind: 'action', label: text.resetAction, url: link },
        { kind: 'note', text: format(text.resetValidity, { hours: 1 }) },
        { kind: 'note', text: text.resetIgnore },
      ],
    }),
  }
}

/** docs/decisions.md, 'Their own data': the link that confirms an account's deletion. */
export function accountDeletionMail(recipient: Recipient, link: string): OutgoingMail {
  const text = messages.mail
  return {
    kind: 'delete_account',
    to: recipient.email,
    subject: format(text.deleteAccountSubject, { shopName }),
    ...renderMail({
      name: recipient.name,
      blocks: [
        { kind: 'paragraph', text: format(text.deleteAccountIntro, { shopName }) },
        { kind: 'action', label: text.deleteAccountAction, url: link },
        { kind: 'note', text: format(text.deleteAccountValidity, { hours: 1 }) },
        { kind: 'note', text: text.deleteAccountIgnore },
      ],
    }),
  }
}
