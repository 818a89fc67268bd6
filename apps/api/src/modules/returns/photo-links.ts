import type { FastifyInstance } from 'fastify'
import { createLinkSigner } from '../../platform/signed-links.ts'
import { signingKeyOf } from '../../platform/signing-key.ts'
import type { Storage } from '../../platform/storage.ts'

/** Where a complaint's photos are served, each by a signed link; the files are kept under 'returns/'. */
export const RETURN_PHOTO_PATH = '/api/returns/photos/'
export const RETURN_PHOTO_FOLDER = 'returns/'
/** A stored photo's file name: the image's key in its folder, the main file or a width variant. */
export const RETURN_PHOTO_FILE = /^[0-9a-f-]{36}(-w\d{2,4})?\.webp$/

type WithPhotos = { photos: { url: string; width: number; height: number }[] }

/**
 * docs/decisions.md ('Complaints and returns'), 'Private photos': a complaint's photos are the buyer's
 * and the staff's alone. The stored URL stays as it was written; every answer that shows a photo gives
 * a signed link instead, and GET /api/images/* does not serve the folder.
 */
export function returnPhotoLinks(app: FastifyInstance, storage: Storage) {
  const signer = createLinkSigner(() => signingKeyOf(app.db, app.config), app.now)
  return {
    signer,
    async signed<T extends WithPhotos>(record: T): Promise<T> {
      const photos = await Promise.all(
        record.photos.map(async (photo) => {
          const key = storage.keyOfUrl(photo.url)
          if (!key?.startsWith(RETURN_PHOTO_FOLDER)) return photo
          return { ...photo, url: await signer.sign(`${RETURN_PHOTO_PATH}${key.slice(RETURN_PHOTO_FOLDER.length)}`) }
        }),
      )
      return { ...record, photos }
    },
  }
}
