import { format, messages } from '@shop/shared/messages/bs.ts'
import { formatKm } from '@shop/shared/rules/order-limits.ts'
import { renderMail, type MailRow } from '../../platform/mail-templates.ts'
import type { OutgoingMail } from '../../platform/outbox.ts'
import type { ClaimedAlert } from './repo.ts'

// The two mails of a back-in-stock alert (docs/decisions.md ('Back-in-stock alerts')), in the shops's one layout.
const text = messages.stockAlerts

export type AlertLinks = { publicUrl: string }

/** The web pages the mails link to; each calls the API itself (docs/decisions.md ('Back-in-stock alerts'), 'Links'). */
export function confirmPageUrl(links: AlertLinks, token: string): string {
  return `${links.publicUrl}/obavijesti/potvrda/${token}`
}

export function unsubscribePageUrl(links: AlertLinks, token: string): string {
  return `${links.publicUrl}/obavijesti/odjava/${token}`
}

/** RFC 8058: the address a mail client POSTs 'List-Unsubscribe=One-Click' to. */
export function oneClickUnsubscribeUrl(links: AlertLinks, token: string): string {
  return `${links.publicUrl}/api/stock-alerts/unsubscribe/${token}`
}

function productPageUrl(links: AlertLinks, customId: string): string {
  return `${links.publicUrl}/product/${encodeURIComponent(customId)}`
}

/** List-Unsubscribe with its one-click POST, so that a mail client offers 'Unsubscribe' beside the sender. */
function unsubscribeHeaders(links: AlertLinks, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(links, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

function productLabel(name: string, option: string | null): string {
  return option ? `${name} (${option})` : name
}

export const CONFIRM_VALIDITY_DAYS = 7

export function confirmationMail(
  links: AlertLinks,
  alert: { email: string; productName: string; option: string | null },
  tokens: { confirm: string; unsubscribe: string },
): OutgoingMail {
  const product = productLabel(alert.productName, alert.option)
  const { text: body, html } = renderMail({
    name: null,
    blocks: [
      { kind: 'paragraph', text: format(text.confirmIntro, { product }) },
      { kind: 'action', label: text.confirmAction, url: confirmPageUrl(links, tokens.confirm) },
      { kind: 'note', text: format(text.confirmValidity, { days: CONFIRM_VALIDITY_DAYS }) },
      { kind: 'note', text: text.confirmIgnore },
      { kind: 'note', text: `${text.unsubscribeLabel}: ${unsubscribePageUrl(links, tokens.unsubscribe)}` },
    ],
    footer: text.footer,
  })
  return {
    kind: 'stock_alert_confirm',
    to: alert.email,
    subject: format(text.confirmSubject, { shopName: messages.common.shopName }),
    text: body,
    html,
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
  }
}

function priceOf(alert: ClaimedAlert): string {
  const price = alert.option?.price ?? alert.price
  const discount = alert.option ? (alert.option.discountPrice ?? alert.discountPrice) : alert.discountPrice
  return formatKm(discount !== null && discount < price ? discount : price)
}

export function backInStockMail(links: AlertLinks, alert: ClaimedAlert, unsubscribeToken: string): OutgoingMail {
  const product = productLabel(alert.name, alert.option?.size ?? null)
  const rows: MailRow[] = [
    [text.mailProduct, alert.name],
    ...(alert.option ? ([[text.mailOption, alert.option.size]] as MailRow[]) : []),
    [text.mailCode, alert.option?.code ?? alert.customId],
    [text.mailPrice, priceOf(alert)],
  ]
  const { text: body, html } = renderMail({
    name: null,
    blocks: [
      { kind: 'paragraph', text: format(text.alertIntro, { product }), isStrong: true },
      { kind: 'facts', rows },
      { kind: 'action', label: text.alertAction, url: productPageUrl(links, alert.customId) },
      { kind: 'note', text: text.alertNote },
      { kind: 'note', text: `${text.unsubscribeLabel}: ${unsubscribePageUrl(links, unsubscribeToken)}` },
    ],
    footer: text.footer,
  })
  return {
    kind: 'stock_alert',
    to: alert.email,
    subject: format(text.alertSubject, { product, shopName: messages.common.shopName }),
    text: body,
    html,
    headers: unsubscribeHeaders(links, unsubscribeToken),
  }
}
