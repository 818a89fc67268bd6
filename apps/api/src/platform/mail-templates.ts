import { format, messages } from '@shop/shared/messages/bs.ts'
import { escapeHtml } from '@shop/shared/rules/escape-html.ts'

/** The parts of one mail; renderMail lays them out as plain text and as HTML with the shop's name. */
export type MailContent = {
  /** Who is greeted; a generic greeting when absent. */
  name?: string | null
  paragraphs: string[]
  /** A button in HTML, a bare link in the text. */
  action?: { label: string; url: string }
  /** Smaller print below the action (validity, "ignore this if..."). */
  notes?: string[]
}

export type RenderedMail = { text: string; html: string }

function greetingOf(name: string | null | undefined): string {
  const trimmed = name?.trim()
  return trimmed ? format(messages.mail.greeting, { name: trimmed }) : messages.mail.greetingWithoutName
}

export function renderMail(content: MailContent): RenderedMail {
  const shopName = messages.common.shopName
  const greeting = greetingOf(content.name)
  const notes = content.notes ?? []

  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...notes.flatMap((note) => [note, '']),
    messages.mail.signature,
    shopName,
    '',
    '--',
    messages.mail.automatic,
  ].join('\n')

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(messages.mail.linkFallback)}<br><a href="${escapeHtml(content.action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : ''
  const html = `<!doctype html>
<html lang="bs">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(shopName)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:20px;font-weight:bold;margin-bottom:16px">${escapeHtml(shopName)}</div>
<div style="background:#ffffff;border-radius:8px;padding:24px">
${paragraph(greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${action}
${notes.map((note) => `<p style="margin:0 0 12px;font-size:13px;color:#555555">${escapeHtml(note)}</p>`).join('\n')}
<p style="margin:24px 0 0">${escapeHtml(messages.mail.signature)}<br>${escapeHtml(shopName)}</p>
</div>
<p style="font-size:12px;color:#71717a;margin-top:16px">${escapeHtml(messages.mail.automatic)}</p>
</div>
</body>
</html>`
  return { text, html }
}
