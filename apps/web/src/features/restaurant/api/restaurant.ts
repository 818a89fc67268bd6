import { shell } from '@shop/shared/messages/bs/shell.ts'
import type { MenuCategory, MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { api, toList } from '../../../lib/api-client.ts'
import { fetchSectionContact, settingText } from '../../../lib/section-contact.ts'

/** GET /api/restaurant/menu: every item; the page filters them itself, so changing a filter costs no call. */
export async function fetchMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  return toList<MenuItem>(await api.get<unknown>('/api/restaurant/menu', { signal }), 'items')
}

/** GET /api/restaurant/categories: main categories and subcategories in one list. */
export async function fetchMenuCategories(signal?: AbortSignal): Promise<MenuCategory[]> {
  return toList<MenuCategory>(await api.get<unknown>('/api/restaurant/categories', { signal }), 'categories')
}

export type RestaurantInfo = { hours: string; phone: string }

/**
 * The restaurant's hours (GET /api/work-hours, section 'restaurant') and the reservation phone
 * (GET /api/settings/company); whatever does not answer keeps the footer's default (§9).
 */
export async function fetchRestaurantInfo(signal?: AbortSignal): Promise<RestaurantInfo> {
  const { hours, company } = await fetchSectionContact('restaurant', signal)
  return {
    hours: hours ?? shell.defaultWorkHours.restaurant,
    phone: settingText(company.phone) ?? shell.defaultCompany.phone,
  }
}
