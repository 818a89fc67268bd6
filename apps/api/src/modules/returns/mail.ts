import { format, messages } from '@shop/shared/messages/bs.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { ReturnStatus } from '@shop/shared/rules/returns.ts'
import { renderMail, type MailBlock, type MailRow } from '../../platform/mail-templates.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'
import { orderPageUrl } from '../orders/mail.ts'
import type { ReturnRecord } from './repo.ts'

// docs/decisions.md ('Complaints and returns'): the buyer gets a mail when the complaint is filed and at every staff step,
// each linking to the order page where the steps are shown; the shop gets one when a complaint arrives.
const text = messages.returns
const mailText = messages.mail

export type ReturnMailContext = {
  publicUrl: string
  shopEmail: string
  orderId: string
  email: string
  buyerName: string
  /** A fresh token of the order page (only its hash is stored). */
  orderPageToken: string
}

function lineRows(record: ReturnRecord): MailRow[] {
  return record.lines.map((line) => [line.size ? `${line.name} (${line.size})` : line.name, `${line.quantity} kom`])
}

const NEXT_STEP: Partial<Record<ReturnStatus, string>> = {
  approved: text.mailApprovedNext,
  received: text.mailReceivedNext,
}

/** To the buyer: the complaint was filed, or staff moved it to its current status. */
export function returnBuyerMail(record: ReturnRecord, context: ReturnMailContext): OutgoingMail {
  const shopName = messages.common.shopName
  const number = shortOrderId(context.orderId)
  const status = text.statuses[record.status]
  const isNew = record.status === 'requested'
  const next = NEXT_STEP[record.status]
  const blocks: MailBlock[] = isNew
    ? [{ kind: 'paragraph', text: format(text.mailRequestedIntro, { number }) }]
    : [
        { kind: 'paragraph', text: format(text.mailStatusIntro, { number }) },
        { kind: 'paragraph', text: status, isStrong: true },
        ...(record.status === 'rejected' && record.rejectionReason
          ? [{ kind: 'quote' as const, text: format(text.mailReason, { reason: record.rejectionReason }) }]
          : []),
        ...(next ? [{ kind: 'paragraph' as const, text: next }] : []),
      ]
  return {
    kind: isNew ? 'return_requested' : 'return_status',
    to: context.email,
    replyTo: context.shopEmail,
    subject: isNew
      ? format(text.mailRequestedSubject, { number, shopName })
      : format(text.mailStatusSubject, { number, status, shopName }),
    ...renderMail({
      name: context.buyerName,
      blocks: [
        ...blocks,
        { kind: 'heading', text: text.mailLines },
        { kind: 'facts', rows: lineRows(record) },
        { kind: 'action', label: mailText.viewOrder, url: orderPageUrl(context.publicUrl, context.orderPageToken) },
        { kind: 'note', text: mailText.orderLinkNote },
      ],
      footer: mailText.replyToShop,
    }),
  }
}

/** To the shop: a new complaint waits at /admin/returns. */
export function returnShopMail(record: ReturnRecord, context: Omit<ReturnMailContext, 'orderPageToken'>): OutgoingMail {
  const number = shortOrderId(context.orderId)
  return {
    kind: 'return_new',
    to: context.shopEmail,
    replyTo: context.email,
    subject: format(text.mailShopSubject, { number }),
    ...renderMail({
      blocks: [
        { kind: 'paragraph', text: format(text.mailShopIntro, { email: context.email, number }) },
        {
          kind: 'facts',
          rows: [
            [text.adminReason, text.reasons[record.reason]],
            [text.adminPhotos, String(record.photos.length)],
          ],
        },
        { kind: 'quote', text: record.description },
        { kind: 'heading', text: text.mailLines },
        { kind: 'facts', rows: lineRows(record) },
        { kind: 'action', label: text.mailOpenAdmin, url: `${context.publicUrl}/admin/returns` },
      ],
      isSigned: false,
      footer: mailText.replyToBuyer,
    }),
  }
}
