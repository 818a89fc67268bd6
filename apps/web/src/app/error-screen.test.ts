import { describe, expect, it } from 'vitest'
import { errorFromResponse, networkError } from '../lib/api-client.ts'
import { describeError } from './error-screen.tsx'

const FAULT =
  'Stranica je naišla na neočekivanu grešku. Osvježite stranicu; ako se greška ponovi, pokušajte kasnije ili nas kontaktirajte.'

describe('describeError (customer-side.md §2 error screen)', () => {
  it('shows the words of a failed call', () => {
    expect(describeError(errorFromResponse(404, { message: 'Proizvod nije pronađen' }))).toBe('Proizvod nije pronađen')
    expect(describeError(networkError(new TypeError('Failed to fetch')))).toBe('API request failed: Failed to fetch')
  })

  it.each([
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a ReferenceError', new ReferenceError('x is not defined')],
    ['a chunk that failed to load', new TypeError('Failed to fetch dynamically imported module: /assets/x.js')],
    ['a plain Error', new Error('invariant failed')],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('gives a person a plain message for %s', (_case, error) => {
    expect(describeError(error)).toBe(FAULT)
  })
})
