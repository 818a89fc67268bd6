import type { SlideValues } from '@shop/shared/schemas/slide-form.ts'
import { api, toList } from '../../../lib/api-client.ts'

export type Slide = SlideValues & { id: string; version: number }

/** GET /api/slides/all: every slide for staff, inactive ones too, by order. */
export async function fetchAllSlides(signal?: AbortSignal): Promise<Slide[]> {
  return toList<Slide>(await api.get<unknown>('/api/slides/all', { signal }), 'slides')
}

/** POST /api/slides or PUT /api/slides/{id} with title, description, image_url, mobile_image_url, order, is_active, link, categoryId. */
export function saveSlide(id: string | null, values: SlideValues, version = 0): Promise<Slide> {
  return id
    ? api.put<Slide>(`/api/slides/${encodeURIComponent(id)}`, { ...values, version })
    : api.post<Slide>('/api/slides', values)
}

export function deleteSlide(id: string): Promise<unknown> {
  return api.delete(`/api/slides/${encodeURIComponent(id)}`)
}
