import { describe, expect, it } from 'vitest'
import { checkReturnPhoto } from './return-photo.ts'

describe('a complaint photo before upload (the staff images’ rule)', () => {
  it.each([
    [{ type: 'image/jpeg', size: 1000 }, null],
    [{ type: 'image/PNG', size: 1000 }, null],
    [{ type: 'image/webp', size: 10 * 1024 * 1024 }, null],
    [{ type: 'image/gif', size: 1000 }, 'Dozvoljene su samo JPEG, PNG i WebP slike'],
    [{ type: 'image/png', size: 10 * 1024 * 1024 + 1 }, 'Slike moraju biti manje od 10MB'],
  ])('%o → %s', (file, message) => {
    expect(checkReturnPhoto(file)).toBe(message)
  })
})
