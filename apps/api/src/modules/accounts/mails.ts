import { format, messages } from '@shop/shared/messages/bs.ts'
import { renderMail } from '../../platform/mail-templates.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'

type Recipient = { email: string; name: string | null }

const shopName = messages.common.shopName

/** The mails whose one action is a link; messages.mail words each as <name>Subject, Intro, Action, Validity, Ignore. */
type LinkMailName = 'verify' | 'reset' | 'deleteAccount'

/** A mail whose one action is a link valid for `hours`; whoever did not ask for it is told to ignore it. */
function linkMail(name: LinkMailName, kind: string, hours: number, recipient: Recipient, link: string): OutgoingMail {
  const text = messages.mail
  return {
    kind,
    to: recipient.email,
    subject: format(text[`${name}Subject`], { shopName }),
    ...renderMail({
      name: recipient.name,
      blocks: [
        { kind: 'paragraph', text: format(text[`${name}Intro`], { shopName }) },
        { kind: 'action', label: text[`${name}Action`], url: link },
        { kind: 'note', text: format(text[`${name}Validity`], { hours }) },
        { kind: 'note', text: text[`${name}Ignore`] },
      ],
    }),
  }
}

export function verificationMail(recipient: Recipient, link: string): OutgoingMail {
  return linkMail('verify', 'verify_email', 24, recipient, link)
}

export function passwordResetMail(recipient: Recipient, link: string): OutgoingMail {
  return linkMail('reset', 'reset_password', 1, recipient, link)
}

/** docs/decisions.md, 'Their own data': the link that confirms an account's deletion. */
export function accountDeletionMail(recipient: Recipient, link: string): OutgoingMail {
  return linkMail('deleteAccount', 'delete_account', 1, recipient, link)
}
