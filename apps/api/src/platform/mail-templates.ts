import { format, messages } from '@shop/shared/messages/bs.ts'
import { SHOP_TIME_ZONE } from '@shop/shared/rules/date-of-birth.ts'
import { escapeHtml } from '@shop/shared/rules/escape-html.ts'

// The one layout of every mail the shop sends (docs/decisions.md, 'Mails in one layout'): a plain-text
// part and an HTML part built from the same blocks. The HTML is table-based with inline styles only,
// as mail clients want it, narrower than any phone (no fixed width, every user text may wrap), and
// in the shop's colours (apps/web/src/ui/styles.css).

const COLOURS = {
  primary: '#185c3f', // --color-primary-700, the site's buttons and top bar
  accent: '#f0a32a', // --color-accent-500
  ink: '#17211c',
  muted: '#4f5c55',
  background: '#f8f6f1',
  surface: '#ffffff',
  sunken: '#f1eee7',
  border: '#e0ddd4',
} as const
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif"
/** A user's text (an e-mail, a street, a product name) breaks anywhere rather than widen the mail. */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word'

/** A label and its value: 'Broj narudžbe' '#1a2b3c4d'. */
export type MailRow = readonly [label: string, value: string]

/** One order line; amounts already formatted with formatKm. */
export type MailLine = {
  name: string
  /** Option, code: small print under the name. */
  details: readonly string[]
  /** As shown: '2', or with its unit '51 m'. */
  quantity: string
  unitPrice: string
  total: string
}

export type MailBlock =
  | { kind: 'paragraph'; text: string; isStrong?: boolean }
  | { kind: 'heading'; text: string }
  | { kind: 'facts'; rows: readonly MailRow[] }
  | { kind: 'lines'; lines: readonly MailLine[]; totals: readonly MailRow[] }
  | { kind: 'action'; label: string; url: string }
  /** A person's own message, kept with its line breaks. */
  | { kind: 'quote'; text: string }
  | { kind: 'note'; text: string }

export type MailContent = {
  /** Who is greeted: a name, null for the generic greeting, absent for no greeting (mails to the shop). */
  name?: string | null
  blocks: readonly MailBlock[]
  /** 'Srdačan pozdrav, <shop>' under the blocks; mails to the shop go without. */
  isSigned?: boolean
  /** The small print at the foot (default: sent automatically, do not reply). */
  footer?: string
}

export type RenderedMail = { text: string; html: string }

/** An amount that never breaks between the number and 'KM' (a phone showed '126,65 / KM'). */
export function unbreakable(value: string): string {
  return value.replace(/ /g, '\u00a0')
}

/** '27. 11. 2026. u 14:05' in the shop's time zone; built from numbers, never from a locale's month names. */
export function formatMailDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: SHOP_TIME_ZONE,
  }).formatToParts(new Date(iso))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''
  return format(messages.mail.dateTime, {
    date: `${part('day')}. ${part('month')}. ${part('year')}.`,
    time: `${part('hour')}:${part('minute')}`,
  })
}

function greetingOf(name: string | null): string {
  const trimmed = name?.trim()
  return trimmed ? format(messages.mail.greeting, { name: trimmed }) : messages.mail.greetingWithoutName
}

// ---- Plain text ----
function blockText(block: MailBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return [block.text]
    case 'heading':
      return [block.text.toUpperCase()]
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`)
    case 'lines':
      return [
        ...block.lines.map((line) => {
          const details = line.details.length > 0 ? ` (${line.details.join(', ')})` : ''
          return `- ${line.quantity} × ${line.name}${details} à ${line.unitPrice} = ${line.total}`
        }),
        '',
        ...block.totals.map(([label, value]) => `${label}: ${value}`),
      ]
    case 'action':
      return [`${block.label}: ${block.url}`]
    case 'quote':
      return block.text.split('\n').map((line) => `> ${line}`)
  }
}

// ---- HTML ----
const html = escapeHtml
const paragraphStyle = `margin:0 0 16px;${WRAP}`

function factsHtml(rows: readonly MailRow[]): string {
  const row = ([label, value]: MailRow) =>
    `<tr><td valign="top" style="padding:6px 12px 6px 0;width:38%;color:${COLOURS.muted};font-size:14px;${WRAP}">${html(label)}</td>` +
    `<td valign="top" style="padding:6px 0;font-size:15px;${WRAP}">${html(value)}</td></tr>`
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;table-layout:fixed;margin:0 0 20px">${rows.map(row).join('')}</table>`
}

function linesHtml(lines: readonly MailLine[], totals: readonly MailRow[]): string {
  const amount = (value: string, extra = '') =>
    `<td valign="top" align="right" style="padding:10px 0 10px 12px;white-space:nowrap;${extra}">${html(unbreakable(value))}</td>`
  const line = (item: MailLine) =>
    `<tr><td valign="top" style="padding:10px 0;border-bottom:1px solid ${COLOURS.border};${WRAP}">` +
    `<div style="font-weight:600">${html(item.name)}</div>` +
    (item.details.length > 0
      ? `<div style="font-size:13px;color:${COLOURS.muted}">${html(item.details.join(' · '))}</div>`
      : '') +
    `<div style="font-size:13px;color:${COLOURS.muted}">${html(`${item.quantity} × ${unbreakable(item.unitPrice)}`)}</div></td>` +
    amount(item.total, `border-bottom:1px solid ${COLOURS.border}`) +
    '</tr>'
  const total = ([label, value]: MailRow, index: number) => {
    const isLast = index === totals.length - 1
    const weight = isLast ? `font-weight:700;font-size:17px;color:${COLOURS.primary}` : ''
    return `<tr><td style="padding:${isLast ? 10 : 4}px 0 4px;${WRAP};${weight}">${html(label)}</td>${amount(value, `padding-top:${isLast ? 10 : 4}px;padding-bottom:4px;${weight}`)}</tr>`
  }
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 20px">` +
    lines.map(line).join('') +
    totals.map(total).join('') +
    '</table>'
  )
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${paragraphStyle}${block.isStrong ? ';font-weight:700' : ''}">${html(block.text)}</p>`
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:16px;line-height:1.3;color:${COLOURS.primary};${WRAP}">${html(block.text)}</h2>`
    case 'facts':
      return factsHtml(block.rows)
    case 'lines':
      return linesHtml(block.lines, block.totals)
    case 'action':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>` +
        `<td style="border-radius:10px;background:${COLOURS.primary}">` +
        `<a href="${html(block.url)}" style="display:inline-block;padding:12px 22px;color:#ffffff;font-weight:600;text-decoration:none;border-radius:10px">${html(block.label)}</a>` +
        '</td></tr></table>'
      )
    case 'quote':
      return `<div style="margin:0 0 16px;padding:12px 16px;background:${COLOURS.sunken};border-left:4px solid ${COLOURS.accent};white-space:pre-wrap;${WRAP}">${html(block.text)}</div>`
    case 'note':
      return `<p style="margin:0 0 12px;font-size:13px;color:${COLOURS.muted};${WRAP}">${html(block.text)}</p>`
  }
}

export function renderMail(content: MailContent): RenderedMail {
  const shopName = messages.common.shopName
  const greeting = content.name === undefined ? null : greetingOf(content.name)
  const isSigned = content.isSigned ?? true
  const footer = content.footer ?? messages.mail.automatic

  const text = [
    ...(greeting ? [greeting, ''] : []),
    ...content.blocks.flatMap((block) => [...blockText(block), '']),
    ...(isSigned ? [messages.mail.signature, shopName, ''] : []),
    '--',
    footer,
  ].join('\n')

  const body = [
    greeting ? `<p style="${paragraphStyle}">${html(greeting)}</p>` : '',
    ...content.blocks.map(blockHtml),
    isSigned
      ? `<p style="margin:24px 0 0">${html(messages.mail.signature)}<br><strong>${html(shopName)}</strong></p>`
      : '',
  ].join('\n')

  const document = `<!doctype html>
<html lang="bs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${html(shopName)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.background};color:${COLOURS.ink};font-family:${FONT};font-size:15px;line-height:1.55;-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOURS.background}">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;border-collapse:separate">
<tr><td style="background:${COLOURS.primary};border-radius:12px 12px 0 0;padding:16px 20px;border-bottom:4px solid ${COLOURS.accent}">
<span style="color:#ffffff;font-size:20px;font-weight:700;letter-spacing:0.01em">${html(shopName)}</span>
</td></tr>
<tr><td style="background:${COLOURS.surface};border-radius:0 0 12px 12px;padding:24px 20px">
${body}
</td></tr>
<tr><td style="padding:16px 20px;font-size:12px;color:${COLOURS.muted};text-align:center;${WRAP}">${html(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
  return { text, html: document }
}
