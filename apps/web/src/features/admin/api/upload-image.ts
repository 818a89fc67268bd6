import { api } from '../../../lib/api-client.ts'

/**
 * POST /api/products/images, /api/slides/images or /api/restaurant/menu/images: multipart with
 * field 'image' (and for slides an optional isMobile flag); the answer holds the stored image's url.
 */
export async function uploadImage(
  path: '/api/products/images' | '/api/slides/images' | '/api/restaurant/menu/images',
  file: File,
  isMobile?: boolean,
): Promise<string> {
  const body = new FormData()
  body.append('image', file)
  if (isMobile !== undefined) body.append('isMobile', String(isMobile))
  const answer = await api.post<{ url?: unknown }>(path, body)
  if (typeof answer.url !== 'string') throw new Error('No url in the upload answer')
  return answer.url
}
