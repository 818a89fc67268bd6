import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './common-password.ts'

describe('isCommonPassword', () => {
  it('finds the most common passwords in any letter case', () => {
    for (const password of ['password', '12345678', 'qwertyuiop', 'PASSWORD', 'Password1', 'iloveyou', 'lozinka123']) {
      expect(isCommonPassword(password), password).toBe(true)
    }
  })

  it('lets other passwords through, the demo password included', () => {
    for (const password of ['Demo1234!', 'Kiseli-kupus-2026', 'tri konja u trku']) {
      expect(isCommonPassword(password), password).toBe(false)
    }
  })
})
