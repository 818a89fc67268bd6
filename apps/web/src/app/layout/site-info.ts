import { useEffect, useState } from 'react'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { api, toList } from '../../lib/api-client.ts'
import { useServerData, type KeyedLoad } from '../../lib/server-data.ts'
import { onWorkHoursSaved } from '../../lib/work-hours-events.ts'

export const SECTIONS = ['store', 'restaurant', 'wholesale'] as const
export type Section = (typeof SECTIONS)[number]
export type WorkHours = Record<Section, string>

export type CompanyInfo = {
  name: string
  address: string
  city: string
  country: string
  phone: string
  email: string
  mapUrl: string
  facebook: string
  instagram: string
  marketplaceUrl: string
  marketplaceName: string
}

export type SiteInfo = { workHours: WorkHours; company: CompanyInfo }

export const DEFAULT_SITE_INFO: SiteInfo = {
  workHours: { ...shell.defaultWorkHours },
  company: { ...shell.defaultCompany },
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** GET /api/work-hours: a list of {section, hours}; a section missing or empty keeps its default. */
export function mergeWorkHours(body: unknown, defaults: WorkHours = DEFAULT_SITE_INFO.workHours): WorkHours {
  const merged = { ...defaults }
  for (const entry of toList(body, 'workHours')) {
    if (!isRecord(entry)) continue
    const section = text(entry.section)?.toLowerCase()
    const hours = text(entry.hours)
    if (hours && (SECTIONS as readonly string[]).includes(section ?? '')) merged[section as Section] = hours
  }
  return merged
}

/** GET /api/settings/company: every field it fills replaces the default; social links sit under `social`. */
export function mergeCompany(body: unknown, defaults: CompanyInfo = DEFAULT_SITE_INFO.company): CompanyInfo {
  if (!isRecord(body)) return { ...defaults }
  const social = isRecord(body.social) ? body.social : {}
  return {
    name: text(body.name) ?? defaults.name,
    address: text(body.address) ?? defaults.address,
    city: text(body.city) ?? defaults.city,
    country: text(body.country) ?? defaults.country,
    phone: text(body.phone) ?? defaults.phone,
    email: text(body.email) ?? defaults.email,
    mapUrl: safeLink(text(body.mapUrl)) ?? defaults.mapUrl,
    facebook: safeLink(text(social.facebook) ?? text(body.facebook)) ?? defaults.facebook,
    instagram: safeLink(text(social.instagram) ?? text(body.instagram)) ?? defaults.instagram,
    marketplaceUrl: safeLink(text(body.marketplaceUrl)) ?? defaults.marketplaceUrl,
    marketplaceName: text(body.marketplaceName) ?? defaults.marketplaceName,
  }
}

/** Only http(s) links become hrefs: a settings value must never run script in the shop's pages. */
export function safeLink(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** 'Pon-Pet 08:00-20:00, Sub 08:00-15:00' -> one line per day range. */
export function splitHours(hours: string): string[] {
  return hours
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
}

/** Both answers, merged with the defaults; rejects when either fails (nothing half-known is kept or embedded). */
/** The frame's one load: every server-rendered page starts it before its render (entry-server.tsx). */
export const SITE_INFO_LOAD: KeyedLoad<SiteInfo> = { key: 'site-info', load: () => fetchSiteInfo() }

async function fetchSiteInfo(): Promise<SiteInfo> {
  const [hours, company] = await Promise.all([
    api.get<unknown>('/api/work-hours'),
    api.get<unknown>('/api/settings/company'),
  ])
  return { workHours: mergeWorkHours(hours), company: mergeCompany(company) }
}

// In the browser the answers are kept for the visit; the server render asks on every render (its
// module lives as long as the server, and the page cache already keeps what it renders).
let loaded: SiteInfo | undefined
let loading: Promise<SiteInfo> | undefined

function loadSiteInfo(): Promise<SiteInfo> {
  loading ??= fetchSiteInfo().then(
    (info) => (loaded = info),
    () => {
      // What failed is asked again by the next page that shows it; until then the defaults show.
      loading = undefined
      return DEFAULT_SITE_INFO
    },
  )
  return loading
}

/**
 * Work hours and company facts for the footer: on a server-rendered page those the server embedded
 * (in the first HTML, no second request: docs/decisions.md, 'Server rendering'), otherwise the defaults at once and the server's
 * values when they arrive.
 */
export function useSiteInfo(): SiteInfo {
  const embedded = useServerData(SITE_INFO_LOAD.key, SITE_INFO_LOAD.load)
  const [info, setInfo] = useState<SiteInfo>(() => loaded ?? embedded?.data ?? DEFAULT_SITE_INFO)
  // Hours saved on the work hours admin page replace the loaded ones at once.
  useEffect(
    () =>
      onWorkHoursSaved((hours) => {
        setInfo((current) => {
          const next = { ...current, workHours: mergeWorkHours(hours, current.workHours) }
          if (loaded) loaded = next
          return next
        })
      }),
    [],
  )
  useEffect(() => {
    if (loaded) return
    if (embedded) {
      loaded = embedded.data
      return
    }
    let isCurrent = true
    void loadSiteInfo().then((next) => {
      if (isCurrent) setInfo(next)
    })
    return () => {
      isCurrent = false
    }
    // Once per mount: the embedded answer belongs to the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return info
}
