import { shell } from '@shop/shared/messages/bs/shell.ts'
import { api, toList } from '../../../lib/api-client.ts'
import { getSession } from '../../../lib/auth-storage.ts'
import { downloadError } from '../download.ts'

export type WholesaleContact = { phone: string; fax?: string; email: string; address: string; hours: string }

export const DEFAULT_CONTACT: WholesaleContact = {
  phone: shell.defaultCompany.phone,
  email: shell.defaultCompany.email,
  address: `${shell.defaultCompany.address}, ${shell.defaultCompany.city}`,
  hours: shell.defaultWorkHours.wholesale,
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * The wholesale contact: phone, fax, e-mail (the wholesale address when set) and address from
 * GET /api/settings/company, the 'wholesale' hours from GET /api/work-hours; whatever does not
 * answer keeps the footer's default.
 */
export async function fetchWholesaleContact(signal?: AbortSignal): Promise<WholesaleContact> {
  const [hours, company] = await Promise.all([
    api.get<unknown>('/api/work-hours', { signal }).catch(() => undefined),
    api.get<unknown>('/api/settings/company', { signal }).catch(() => undefined),
  ])
  const entry = toList<{ section?: unknown; hours?: unknown }>(hours, 'workHours').find(
    (row) => typeof row.section === 'string' && row.section.toLowerCase() === 'wholesale',
  )
  const settings = typeof company === 'object' && company !== null ? (company as Record<string, unknown>) : {}
  const address = text(settings.address)
  const fax = text(settings.fax)
  return {
    phone: text(settings.phone) ?? DEFAULT_CONTACT.phone,
    ...(fax ? { fax } : {}),
    email: text(settings.wholesaleEmail) ?? text(settings.email) ?? DEFAULT_CONTACT.email,
    address: address ? [address, text(settings.city)].filter(Boolean).join(', ') : DEFAULT_CONTACT.address,
    hours: text(entry?.hours) ?? DEFAULT_CONTACT.hours,
  }
}

/**
 * GET /api/catalogs/{file} (staff-and-content.md §7 Catalogues): the PDF, or an Error carrying the
 * §8 message when the answer is missing, not a PDF or empty. The token goes along, so that wholesale
 * customers and staff get the catalogue with wholesale prices.
 */
export async function downloadCatalog(file: string): Promise<Blob> {
  let response: Response
  let blob: Blob
  try {
    const { token } = getSession()
    const headers: Record<string, string> = { accept: 'application/pdf' }
    if (token) headers.authorization = `Bearer ${token}`
    response = await fetch(`/api/catalogs/${encodeURIComponent(file)}`, { headers })
    blob = await response.blob()
  } catch {
    throw new Error(downloadError(undefined))
  }
  const message = downloadError({
    status: response.status,
    contentType: response.headers.get('content-type'),
    size: blob.size,
  })
  if (message) throw new Error(message)
  return blob
}

/** Hands the file to the browser as a download (a blob: link, which the page's CSP allows for downloads). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
