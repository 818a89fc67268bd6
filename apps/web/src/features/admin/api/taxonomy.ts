import type { Brand, Category } from '@shop/shared/schemas/catalogue.ts'
import type { BrandValues, CategoryValues } from '@shop/shared/schemas/taxonomy.ts'
import { api, toList } from '../../../lib/api-client.ts'
import { changedPayload, type RecordEdit } from '../kit/record-edit.ts'

/** GET /api/categories (an array or {categories}). */
export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return toList<Category>(await api.get<unknown>('/api/categories', { signal }), 'categories')
}

/** GET /api/brands (an array or {brands}). */
export async function fetchBrands(signal?: AbortSignal): Promise<Brand[]> {
  return toList<Brand>(await api.get<unknown>('/api/brands', { signal }), 'brands')
}

/** §5: optional fields go only when not empty; the schema has already made empty ones null. */
function withoutEmpty<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>
}

/**
 * POST /api/categories with name, description, createdAt, updatedAt; PATCH with name and description,
 * where an emptied description goes as null so that it is cleared.
 */
export function saveCategory(id: string | null, values: CategoryValues, edit?: RecordEdit): Promise<Category> {
  if (id && edit)
    return api.patch<Category>(
      `/api/categories/${encodeURIComponent(id)}`,
      changedPayload({ name: values.name, description: values.description ?? null }, edit),
    )
  const now = new Date().toISOString()
  return api.post<Category>('/api/categories', { ...withoutEmpty(values), createdAt: now, updatedAt: now })
}

/** POST /api/brands with name, description, image_url, createdAt, updatedAt; PATCH /api/brands/{id}. */
export function saveBrand(id: string | null, values: BrandValues, edit?: RecordEdit): Promise<Brand> {
  if (id && edit)
    return api.patch<Brand>(
      `/api/brands/${encodeURIComponent(id)}`,
      changedPayload(
        { name: values.name, description: values.description ?? null, image_url: values.image_url ?? null },
        edit,
      ),
    )
  const now = new Date().toISOString()
  return api.post<Brand>('/api/brands', { ...withoutEmpty(values), createdAt: now, updatedAt: now })
}

export function deleteCategory(id: string): Promise<unknown> {
  return api.delete(`/api/categories/${encodeURIComponent(id)}`)
}

export function deleteBrand(id: string): Promise<unknown> {
  return api.delete(`/api/brands/${encodeURIComponent(id)}`)
}
