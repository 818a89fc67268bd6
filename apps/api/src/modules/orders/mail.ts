import { format, messages } from '@shop/shared/messages/bs.ts'
import { escapeHtml } from '@shop/shared/rules/escape-html.ts'
import { shortOrderId, customerStatusLabel } from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'

// ---- Checkout and order history ----
const text = messages.orders

/** KM with a decimal comma, as the shop shows prices: 1.234,50 KM. */
export function formatKm(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${value < 0 ? '-' : ''}${grouped},${cents} KM`
}

// The shop's own time zone, whatever the server's is.
const DATE_FORMAT = new Intl.DateTimeFormat('hr-HR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Sarajevo',
})

function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso))
}

type Row = [label: string, value: string]

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

function itemsText(order: OrderView): string[] {
  return order.products.map((item) => {
    const size = item.custom_size ? ` (${text.mailSize}: ${item.custom_size})` : ''
    const code = item.customId ? ` [${text.mailCode}: ${item.customId}]` : ''
    return `- ${item.quantity} × ${item.name}${size}${code} à ${formatKm(item.price)} = ${formatKm(item.price * item.quantity)}`
  })
}

function totalsRows(order: OrderView): Row[] {
  return [
    [text.mailSubtotal, formatKm(order.subtotal)],
    [text.mailShipping, order.shippingCost === 0 ? text.free : formatKm(order.shippingCost)],
    [text.mailTotal, formatKm(order.total)],
  ]
}

function itemsHtml(order: OrderView): string {
  const head = [text.mailProduct, text.mailSize, text.mailCode, text.mailQuantity, text.mailPrice, text.mailLineTotal]
  const cell = (value: string, align = 'left') =>
    `<td align="${align}" style="padding:4px 8px;border-bottom:1px solid #ddd">${escapeHtml(value)}</td>`
  return [
    '<table cellspacing="0" style="border-collapse:collapse">',
    `<tr>${head.map((label) => `<th align="left" style="padding:4px 8px">${escapeHtml(label)}</th>`).join('')}</tr>`,
    ...order.products.map(
      (item) =>
        `<tr>${cell(item.name)}${cell(item.custom_size ?? '')}${cell(item.customId ?? '')}${cell(String(item.quantity), 'right')}` +
        `${cell(formatKm(item.price), 'right')}${cell(formatKm(item.price * item.quantity), 'right')}</tr>`,
    ),
    ...totalsRows(order).map(
      ([label, value]) =>
        `<tr><th colspan="5" align="right" style="padding:4px 8px">${escapeHtml(label)}</th>${cell(value, 'right')}</tr>`,
    ),
    '</table>',
  ].join('')
}

function rowsHtml(rows: readonly Row[]): string {
  return `<table>${rows.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`
}

function rowsText(rows: readonly Row[]): string[] {
  return rows.map(([label, value]) => `${label}: ${value}`)
}

/** The body both mails of a new order share: summary, items, totals and the buyer's details. */
function orderBodyText(order: OrderView, summary: readonly Row[], details: readonly Row[]): string[] {
  return [...rowsText(summary), '', ...itemsText(order), '', ...rowsText(totalsRows(order)), '', ...rowsText(details)]
}

function orderBodyHtml(order: OrderView, summary: readonly Row[], details: readonly Row[]): string {
  return rowsHtml(summary) + itemsHtml(order) + rowsHtml(details)
}

export type OrderMailContext = { publicUrl: string; shopEmail: string; isPickup: boolean; isGuest: boolean }

/** The two mails of a new order (DECISIONS: order placed, to the customer and to the shop). */
export function orderPlacedMails(order: OrderView, context: OrderMailContext): OutgoingMail[] {
  const shopName = messages.common.shopName
  const number = shortOrderId(order.id)
  const link = `${context.publicUrl}/order-confirmation/${order.id}`
  const name = order.shippingAddress.full_name
  const summary: Row[] = [
    [text.mailOrderNumber, `#${number}`],
    [text.mailDate, formatDate(order.created_at)],
  ]
  const details = addressRows(order, context.isPickup)

  const customer: OutgoingMail = {
    kind: 'order_placed',
    to: order.email,
    replyTo: context.shopEmail,
    subject: format(text.mailPlacedSubject, { number, shopName }),
    text: [
      format(text.mailPlacedGreeting, { name }),
      '',
      text.mailPlacedIntro,
      '',
      ...orderBodyText(order, summary, details),
      '',
      text.mailPlacedLink,
      link,
      '',
      text.mailPlacedSignature,
      shopName,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(format(text.mailPlacedGreeting, { name }))}</p>`,
      `<p>${escapeHtml(text.mailPlacedIntro)}</p>`,
      orderBodyHtml(order, summary, details),
      `<p>${escapeHtml(text.mailPlacedLink)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(text.mailPlacedSignature)}<br>${escapeHtml(shopName)}</p>`,
    ].join(''),
  }

  const buyerKind: Row = [text.mailBuyerKind, context.isGuest ? text.mailShopGuest : text.mailShopCustomer]
  const shop: OutgoingMail = {
    kind: 'order_new',
    to: context.shopEmail,
    replyTo: order.email,
    subject: format(text.mailShopSubject, { number, total: formatKm(order.total) }),
    text: [text.mailShopIntro, '', ...orderBodyText(order, [...summary, buyerKind], details), '', link].join('\n'),
    html: [
      `<p>${escapeHtml(text.mailShopIntro)}</p>`,
      orderBodyHtml(order, [...summary, buyerKind], details),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join(''),
  }
  return [customer, shop]
}

// ---- Order admin (staff) ----
const staffText = messages.admin.orders

/**
 * DECISIONS: a status change by staff mails the customer, in Bosnian, naming the status as the
 * customer reads it on the orders page (customer-side.md §4), with a link to the order.
 */
export function orderStatusMail(order: OrderView, links: { publicUrl: string; shopEmail: string }): OutgoingMail {
  const shopName = messages.common.shopName
  const number = shortOrderId(order.id)
  const status = customerStatusLabel(order.status)
  const link = `${links.publicUrl}/order-confirmation/${order.id}`
  const greeting = format(staffText.mailStatusGreeting, { name: order.shippingAddress.full_name })
  const intro = format(staffText.mailStatusIntro, { number })
  const newStatus = format(staffText.mailStatusNew, { status })
  return {
    kind: 'order_status',
    to: order.email,
    replyTo: links.shopEmail,
    subject: format(staffText.mailStatusSubject, { number, status, shopName }),
    text: [
      greeting,
      '',
      intro,
      newStatus,
      '',
      staffText.mailStatusLink,
      link,
      '',
      staffText.mailStatusSignature,
      shopName,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}<br><strong>${escapeHtml(newStatus)}</strong></p>`,
      `<p>${escapeHtml(staffText.mailStatusLink)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(staffText.mailStatusSignature)}<br>${escapeHtml(shopName)}</p>`,
    ].join(''),
  }
}
