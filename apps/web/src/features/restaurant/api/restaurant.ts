import { shell } from '@shop/shared/messages/bs/shell.ts'
import type { MenuCategory, MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { api, toList } from '../../../lib/api-client.ts'

/** GET /api/restaurant/menu: every item; the page filters them itself, so changing a filter costs no call. */
export async function fetchMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  return toList<MenuItem>(await api.get<unknown>('/api/restaurant/menu', { signal }), 'items')
}

/** GET /api/restaurant/categories: main categories and subcategories in one list. */
export async function fetchMenuCategories(signal?: AbortSignal): Promise<MenuCategory[]> {
  return toList<MenuCategory>(await api.get<unknown>('/api/restaurant/categories', { signal }), 'categories')
}

export type RestaurantInfo = { hours: string; phone: string }

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * The restaurant's hours (GET /api/work-hours, section 'restaurant') and the reservation phone
 * (GET /api/settings/company); whatever does not answer keeps the footer's default (§9).
 */
export async function fetchRestaurantInfo(signal?: AbortSignal): Promise<RestaurantInfo> {
  const [hours, company] = await Promise.all([
    api.get<unknown>('/api/work-hours', { signal }).catch(() => undefined),
    api.get<unknown>('/api/settings/company', { signal }).catch(() => undefined),
  ])
  const entry = toList<{ section?: unknown; hours?: unknown }>(hours, 'workHours').find(
    (row) => typeof row.section === 'string' && row.section.toLowerCase() === 'restaurant',
  )
  const phone = typeof company === 'object' && company !== null ? (company as { phone?: unknown }).phone : undefined
  return {
    hours: text(entry?.hours) ?? shell.defaultWorkHours.restaurant,
    phone: text(phone) ?? shell.defaultCompany.phone,
  }
}
