import { format, messages } from '@shop/shared/messages/bs.ts'
import { perUnit, quantityInUnit } from '@shop/shared/rules/units.ts'
import { shortOrderId, customerStatusLabel } from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import {
  formatMailDate,
  renderMail,
  type MailBlock,
  type MailLine,
  type MailRow,
} from '../../platform/mail-templates.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'

// ---- Checkout and order history ----
const text = messages.orders
const mailText = messages.mail

/** KM with a decimal comma, as the shop shows prices: 1.234,50 KM. */
export function formatKm(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${value < 0 ? '-' : ''}${grouped},${cents} KM`
}

type Row = MailRow

function addressRows(order: OrderView, isPickup: boolean): Row[] {
  const address = order.shippingAddress
  const rows: Row[] = [
    [text.mailBuyer, address.full_name],
    [text.mailPhone, address.phone_number],
    [text.mailEmail, address.email],
  ]
  if (!isPickup) {
    rows.push([
      text.mailAddress,
      [
        address.street_address,
        [address.zip_code, address.city].filter(Boolean).join(' '),
        address.state,
        address.country,
      ]
        .filter(Boolean)
        .join(', '),
    ])
  }
  rows.push([text.mailShippingMethod, order.shippingMethod?.name || (isPickup ? text.mailPickup : '—')])
  return rows
}

function orderLines(order: OrderView): MailLine[] {
  return order.products.map((item) => ({
    name: item.name,
    details: [
      ...(item.custom_size ? [`${text.mailSize}: ${item.custom_size}`] : []),
      ...(item.customId ? [`${text.mailCode}: ${item.customId}`] : []),
    ],
    quantity: quantityInUnit(item.quantity, item.unit),
    unitPrice: `${formatKm(item.price)}${perUnit(item.unit)}`,
    total: formatKm(item.price * item.quantity),
  }))
}

function totalsRows(order: OrderView): Row[] {
  return [
    [text.mailSubtotal, formatKm(order.subtotal)],
    [text.mailShipping, order.shippingCost === 0 ? text.free : formatKm(order.shippingCost)],
    [text.mailTotal, formatKm(order.total)],
  ]
}

export type OrderMailContext = {
  publicUrl: string
  shopEmail: string
  isPickup: boolean
  isGuest: boolean
  /** The raw token of the buyer's order page link (only its hash is stored). */
  orderPageToken: string
}

/** docs/decisions.md, 'The private order page': every buyer's order mail links to the page by a token. */
export function orderPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/narudzba/${token}`
}

/** The two mails of a new order (DECISIONS: order placed, to the customer and to the shop). */
export function orderPlacedMails(
  order: OrderView,
  context: OrderMailContext,
): [customer: OutgoingMail, shop: OutgoingMail] {
  const shopName = messages.common.shopName
  const number = shortOrderId(order.id)
  const link = orderPageUrl(context.publicUrl, context.orderPageToken)
  // The shop's copy holds the whole order already; staff act on it in the orders admin.
  const staffLink = `${context.publicUrl}/admin/orders`
  const summary: Row[] = [
    [text.mailOrderNumber, `#${number}`],
    [text.mailDate, formatMailDate(order.created_at)],
  ]
  // The terms (legal.ts): cash on delivery or at pickup, delivered in 2-7 working days.
  const payment: Row[] = context.isPickup
    ? [[mailText.payment, mailText.paymentAtPickup]]
    : [
        [mailText.payment, mailText.paymentOnDelivery],
        [mailText.delivery, mailText.deliveryTime],
      ]
  const lines: MailBlock = { kind: 'lines', lines: orderLines(order), totals: totalsRows(order) }
  const details = addressRows(order, context.isPickup)
  const detailsHeading = context.isPickup ? mailText.pickupDetailsHeading : mailText.detailsHeading

  const customer: OutgoingMail = {
    kind: 'order_placed',
    to: order.email,
    replyTo: context.shopEmail,
    subject: format(text.mailPlacedSubject, { number, shopName }),
    ...renderMail({
      name: order.shippingAddress.full_name,
      blocks: [
        { kind: 'paragraph', text: text.mailPlacedIntro },
        { kind: 'facts', rows: [...summary, ...payment] },
        ...(context.isPickup ? [{ kind: 'paragraph', text: mailText.pickupTime } as const] : []),
        { kind: 'action', label: mailText.viewOrder, url: link },
        { kind: 'note', text: mailText.orderLinkNote },
        { kind: 'heading', text: mailText.orderItemsHeading },
        lines,
        { kind: 'heading', text: detailsHeading },
        { kind: 'facts', rows: details },
      ],
      footer: mailText.replyToShop,
    }),
  }

  const buyerKind: Row = [text.mailBuyerKind, context.isGuest ? text.mailShopGuest : text.mailShopCustomer]
  const shop: OutgoingMail = {
    kind: 'order_new',
    to: context.shopEmail,
    replyTo: order.email,
    subject: format(text.mailShopSubject, { number, total: formatKm(order.total) }),
    ...renderMail({
      blocks: [
        { kind: 'paragraph', text: text.mailShopIntro },
        { kind: 'facts', rows: [...summary, buyerKind] },
        { kind: 'action', label: mailText.viewOrderStaff, url: staffLink },
        { kind: 'heading', text: mailText.orderItemsHeading },
        lines,
        { kind: 'heading', text: detailsHeading },
        { kind: 'facts', rows: details },
      ],
      isSigned: false,
      footer: mailText.replyToBuyer,
    }),
  }
  return [customer, shop]
}

// ---- Order admin (staff) ----
const staffText = messages.admin.orders

/**
 * DECISIONS: a status change by staff mails the customer, in Bosnian, naming the status as the
 * customer reads it on the orders page (customer-side.md §4), with a link to the order.
 */
export function orderStatusMail(
  order: OrderView,
  links: { publicUrl: string; shopEmail: string },
  orderPageToken: string,
): OutgoingMail {
  const shopName = messages.common.shopName
  const number = shortOrderId(order.id)
  const status = customerStatusLabel(order.status)
  const link = orderPageUrl(links.publicUrl, orderPageToken)
  const intro = format(staffText.mailStatusIntro, { number })
  const newStatus = format(staffText.mailStatusNew, { status })
  // docs/decisions.md, 'Invoices and packing slips': the invoice's number, once the order has one.
  const document = order.documentNumber ? `${messages.documents.documentNumber}: ${order.documentNumber}` : null
  return {
    kind: 'order_status',
    to: order.email,
    replyTo: links.shopEmail,
    subject: format(staffText.mailStatusSubject, { number, status, shopName }),
    ...renderMail({
      name: order.shippingAddress.full_name,
      blocks: [
        { kind: 'paragraph', text: intro },
        { kind: 'paragraph', text: newStatus, isStrong: true },
        ...(document ? [{ kind: 'paragraph' as const, text: document }] : []),
        ...trackingBlocks(order),
        { kind: 'action', label: mailText.viewOrder, url: link },
        { kind: 'note', text: mailText.orderLinkNote },
      ],
      footer: mailText.replyToShop,
    }),
  }
}

/**
 * docs/decisions.md, 'Courier hand-off, tracking and payouts': the mail of a shipped order names the
 * courier's tracking number and links to the courier's page when the courier has a link pattern.
 */
function trackingBlocks(order: OrderView): MailBlock[] {
  if (order.status !== 'shipped' || order.trackingNumber === '') return []
  const line: MailBlock = {
    kind: 'paragraph',
    text: format(messages.courier.trackingLine, { number: order.trackingNumber }),
  }
  if (order.trackingUrl === '') return [line]
  return [line, { kind: 'action', label: messages.courier.trackingOpen, url: order.trackingUrl }]
}
