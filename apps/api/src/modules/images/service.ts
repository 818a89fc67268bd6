import { messages } from '@shop/shared/messages/bs.ts'
import { AppError, found } from '../../platform/errors.ts'
import { isSafeStorageKey, type StoredFile, type Storage } from '../../platform/storage.ts'

/** Opens a stored file for GET /api/images/*; a key that tries to leave storage is refused. */
export async function openStoredImage(storage: Storage, key: string): Promise<StoredFile> {
  if (!isSafeStorageKey(key)) throw new AppError(400, 'INVALID_IMAGE_PATH', messages.images.invalidPath)
  return found(await storage.get(key), () => new AppError(404, 'IMAGE_NOT_FOUND', messages.images.notFound))
}
