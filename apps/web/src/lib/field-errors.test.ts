import { describe, expect, it } from 'vitest'
import { firstErrorPerField } from './field-errors.ts'

describe('firstErrorPerField', () => {
  it('keeps the first message of each top-level field', () => {
    expect(
      firstErrorPerField([
        { path: ['name'], message: 'Naziv je obavezan' },
        { path: ['name'], message: 'Prekratko' },
        { path: ['price', 0], message: 'Cijena mora biti pozitivan broj' },
      ]),
    ).toEqual({ name: 'Naziv je obavezan', price: 'Cijena mora biti pozitivan broj' })
  })
})
