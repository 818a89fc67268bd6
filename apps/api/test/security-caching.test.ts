import { describe, expect, it } from 'vitest'
import { useTestApp, useSignInAs } from './support/use-test-app.ts'

// docs/decisions.md, Security: answers that depend on the caller's role never land in a shared cache for others.
const test = useTestApp()
const wholesale = useSignInAs(test, 'wholesale')

const varyOf = (value: string | string[] | number | undefined) =>
  String(Array.isArray(value) ? value.join(',') : (value ?? ''))
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())

describe('Cache-Control of catalogue answers', () => {
  const reads = ['/api/products', '/api/products?page=1', '/api/sales/products', '/api/categories', '/api/slides']

  it.each(reads)('%s: public for a short while to anonymous callers, varying by Authorization', async (url) => {
    const response = await test.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10')
    expect(varyOf(response.headers.vary)).toContain('authorization')
  })

  it.each(reads)('%s: private to a signed-in caller (wholesale prices), also from the response cache', async (url) => {
    for (let round = 0; round < 2; round += 1) {
      const response = await test.app.inject({
        method: 'GET',
        url,
        headers: { ...wholesale, 'accept-encoding': 'gzip' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('private, no-cache')
      expect(varyOf(response.headers.vary)).toContain('authorization')
    }
  })

  it('an error is stored by nobody', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('a cart quote is private and not stored', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: wholesale,
      payload: { lines: [] },
    })
    expect(response.headers['cache-control']).toBe('private, no-store')
  })
})
