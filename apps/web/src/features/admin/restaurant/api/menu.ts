import type { MenuCategory, MenuCategoryValues, MenuItem, MenuItemValues } from '@shop/shared/schemas/restaurant.ts'
import { api, toList } from '../../../../lib/api-client.ts'
import { changedPayload, type RecordEdit } from '../../kit/record-edit.ts'

/** GET /api/restaurant/menu: every item, unavailable ones too. */
export async function fetchMenuItems(signal?: AbortSignal): Promise<MenuItem[]> {
  return toList<MenuItem>(await api.get<unknown>('/api/restaurant/menu', { signal }), 'items')
}

/** GET /api/restaurant/categories: main categories and subcategories. */
export async function fetchMenuCategories(signal?: AbortSignal): Promise<MenuCategory[]> {
  return toList<MenuCategory>(await api.get<unknown>('/api/restaurant/categories', { signal }), 'categories')
}

/** POST /api/restaurant/menu, or PATCH /api/restaurant/menu/{id} with the fields the editor changed. */
export function saveMenuItem(id: string | null, values: MenuItemValues, edit?: RecordEdit): Promise<MenuItem> {
  return id && edit
    ? api.patch<MenuItem>(`/api/restaurant/menu/${encodeURIComponent(id)}`, changedPayload(values, edit))
    : api.post<MenuItem>('/api/restaurant/menu', values)
}

export function deleteMenuItem(id: string): Promise<unknown> {
  return api.delete(`/api/restaurant/menu/${encodeURIComponent(id)}`)
}

/** POST /api/restaurant/categories or PUT /api/restaurant/categories/{id} with name, description, parentId. */
export function saveMenuCategory(id: string | null, values: MenuCategoryValues): Promise<MenuCategory> {
  return id
    ? api.put<MenuCategory>(`/api/restaurant/categories/${encodeURIComponent(id)}`, values)
    : api.post<MenuCategory>('/api/restaurant/categories', values)
}

export function deleteMenuCategory(id: string): Promise<unknown> {
  return api.delete(`/api/restaurant/categories/${encodeURIComponent(id)}`)
}
