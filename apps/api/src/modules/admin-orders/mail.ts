import { format, messages } from '@shop/shared/messages/bs.ts'
import { customerStatusLabel, shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'
import { escapeHtml } from '../orders/mail.ts'

const text = messages.admin.orders

/**
 * DECISIONS: a status change by staff mails the customer, in Bosnian, naming the status as the
 * customer reads it on the orders page (customer-side.md §4), with a link to the order.
 */
export function orderStatusMail(order: OrderView, links: { publicUrl: string; shopEmail: string }): OutgoingMail {
  const shopName = messages.common.shopName
  const number = shortOrderId(order.id)
  const status = customerStatusLabel(order.status)
  const link = `${links.publicUrl}/order-confirmation/${order.id}`
  const greeting = format(text.mailStatusGreeting, { name: order.shippingAddress.full_name })
  const intro = format(text.mailStatusIntro, { number })
  const newStatus = format(text.mailStatusNew, { status })
  return {
    kind: 'order_status',
    to: order.email,
    replyTo: links.shopEmail,
    subject: format(text.mailStatusSubject, { number, status, shopName }),
    text: [greeting, '', intro, newStatus, '', text.mailStatusLink, link, '', text.mailStatusSignature, shopName].join(
      '\n',
    ),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}<br><strong>${escapeHtml(newStatus)}</strong></p>`,
      `<p>${escapeHtml(text.mailStatusLink)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(text.mailStatusSignature)}<br>${escapeHtml(shopName)}</p>`,
    ].join(''),
  }
}
