import { shell } from '@shop/shared/messages/bs/shell.ts'
import { getSession } from '../../../lib/auth-storage.ts'
import { fetchSectionContact, settingText } from '../../../lib/section-contact.ts'
import { downloadError } from '../download.ts'

export type WholesaleContact = { phone: string; fax?: string; email: string; address: string; hours: string }

export const DEFAULT_CONTACT: WholesaleContact = {
  phone: shell.defaultCompany.phone,
  email: shell.defaultCompany.email,
  address: `${shell.defaultCompany.address}, ${shell.defaultCompany.city}`,
  hours: shell.defaultWorkHours.wholesale,
}

/**
 * The wholesale contact: phone, fax, e-mail (the wholesale address when set) and address from
 * GET /api/settings/company, the 'wholesale' hours from GET /api/work-hours; whatever does not
 * answer keeps the footer's default.
 */
export async function fetchWholesaleContact(signal?: AbortSignal): Promise<WholesaleContact> {
  const { hours, company } = await fetchSectionContact('wholesale', signal)
  const address = settingText(company.address)
  const fax = settingText(company.fax)
  return {
    phone: settingText(company.phone) ?? DEFAULT_CONTACT.phone,
    ...(fax ? { fax } : {}),
    email: settingText(company.wholesaleEmail) ?? settingText(company.email) ?? DEFAULT_CONTACT.email,
    address: address ? [address, settingText(company.city)].filter(Boolean).join(', ') : DEFAULT_CONTACT.address,
    hours: hours ?? DEFAULT_CONTACT.hours,
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
