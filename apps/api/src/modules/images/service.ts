import { messages } from '@shop/shared/messages/bs.ts'
import { AppError } from '../../platform/errors.ts'
import { isSafeStorageKey, type StoredFile, type Storage } from '../../platform/storage.ts'

/** Opens a stored file for GET /api/images/*; a key that tries to leave storage is refused. */
export async function openStoredImage(storage: Storage, key: string): Promise<StoredFile> {
  if (!isSafeStorageKey(key)) throw new AppError(400, 'INVALID_IMAGE_PATH', messages.images.invalidPath)
  const file = await storage.get(key)
  if (!file) throw new AppError(404, 'IMAGE_NOT_FOUND', messages.images.notFound)
  return file
}
