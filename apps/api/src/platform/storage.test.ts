import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createDiskStorage,
  createStorage,
  isSafeStorageKey,
  storageKeyOfUrl,
  UnsafeStorageKeyError,
  type Storage,
} from './storage.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-storage-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('storage', () => {
  it('keeps files under DATA_DIR/uploads and reads them back with their type', async () => {
    const storage = createStorage({ dataDir })
    await storage.put('products/a.webp', Buffer.from('webp bytes'), 'image/webp')
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'products', 'a.webp'), 'utf8')).toBe('webp bytes')
    const file = await storage.get('products/a.webp')
    expect(file).toMatchObject({ contentType: 'image/webp', size: 10 })
    file?.body.destroy()
    expect(storage.url('products/a.webp')).toBe('/api/images/products/a.webp')
    await storage.delete('products/a.webp')
    expect(await storage.get('products/a.webp')).toBeNull()
    await storage.delete('products/a.webp')
  })

  it.each([
    '../secret',
    'products/../../secret',
    '/etc/passwd',
    'products\\a.webp',
    'products//a.webp',
    '',
    '.hidden',
    'a/./b',
    'a\u0000b',
  ])('refuses the key %j', async (key) => {
    const storage = createDiskStorage(path.join(dataDir, 'uploads'))
    expect(isSafeStorageKey(key)).toBe(false)
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(UnsafeStorageKeyError)
    expect(await storage.get(key)).toBeNull()
    expect(() => storage.url(key)).toThrow(UnsafeStorageKeyError)
  })

  it('lists every stored key, or those under a prefix, without files being written', async () => {
    const storage = createDiskStorage(path.join(dataDir, 'listed'))
    expect(await keysOf(storage)).toEqual([]) // no folder yet
    await storage.put('products/a.webp', Buffer.from('a'), 'image/webp')
    await storage.put('slides/mobile/b.webp', Buffer.from('b'), 'image/webp')
    fs.writeFileSync(path.join(dataDir, 'listed', 'products', 'c.webp.0f8f.part'), 'half')
    expect(await keysOf(storage)).toEqual(['products/a.webp', 'slides/mobile/b.webp'])
    expect(await keysOf(storage, 'slides/')).toEqual(['slides/mobile/b.webp'])
  })

  it('checks at start-up that the uploads folder is writable', async () => {
    await createDiskStorage(path.join(dataDir, 'checked')).check()
    expect(fs.statSync(path.join(dataDir, 'checked')).isDirectory()).toBe(true)
    const file = path.join(dataDir, 'a-file')
    fs.writeFileSync(file, '')
    await expect(createDiskStorage(path.join(file, 'uploads')).check()).rejects.toThrow(
      /the uploads folder .* is not writable \(check DATA_DIR\)/,
    )
  })

  it('maps its URLs back to keys and ignores any other URL', () => {
    expect(storageKeyOfUrl('/api/images/slides/b.webp')).toBe('slides/b.webp')
    expect(storageKeyOfUrl('https://example.com/b.webp')).toBeNull()
    expect(storageKeyOfUrl('/api/images/../b.webp')).toBeNull()
  })
})

async function keysOf(storage: Storage, prefix?: string): Promise<string[]> {
  const keys: string[] = []
  for await (const key of storage.list(prefix)) keys.push(key)
  return keys.sort()
}
