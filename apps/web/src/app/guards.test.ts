import { describe, expect, it } from 'vitest'
import { staffRedirect } from './guards.tsx'

const STAFF = ['store_manager', 'admin'] as const
const at = (pathname: string, search = '') => ({ pathname, search })
const manager = { roles: ['STORE_MANAGER'] }
const adminUser = { roles: ['Admin'] }
const customer = { roles: ['user'] }

describe('staffRedirect (staff-and-content.md §2 Route access and redirects)', () => {
  it('sends a visitor who is not signed in to / from every staff page but products, slideshow and menu', () => {
    for (const path of [
      '/admin',
      '/admin/work-hours',
      '/admin/shipping',
      '/admin/users',
      '/admin/categories',
      '/admin/sales',
    ]) {
      expect(staffRedirect(at(path), null, STAFF)).toBe('/')
    }
  })

  it('sends a visitor who is not signed in from products to /login, and back afterwards', () => {
    expect(staffRedirect(at('/admin/products', '?q=1'), null, STAFF)).toBe(
      '/login?returnUrl=%2Fadmin%2Fproducts%3Fq%3D1',
    )
    expect(staffRedirect(at('/admin/products/'), null, STAFF)).toBe('/login?returnUrl=%2Fadmin%2Fproducts%2F')
  })

  it('sends a visitor who is not signed in from the slideshow and menu pages to /login', () => {
    expect(staffRedirect(at('/admin/slideshow'), null, STAFF)).toBe('/login?returnUrl=%2Fadmin%2Fslideshow')
    expect(staffRedirect(at('/admin/restoran'), null, STAFF)).toBe('/login?returnUrl=%2Fadmin%2Frestoran')
  })

  it('sends a signed-in user with another role from the slideshow and menu pages to /', () => {
    expect(staffRedirect(at('/admin/slideshow'), customer, STAFF)).toBe('/')
    expect(staffRedirect(at('/admin/restoran'), { roles: [] }, STAFF)).toBe('/')
  })

  it('sends a signed-in user without a staff role to /, products included', () => {
    expect(staffRedirect(at('/admin'), customer, STAFF)).toBe('/')
    expect(staffRedirect(at('/admin/products'), customer, STAFF)).toBe('/')
    expect(staffRedirect(at('/admin/categories'), { roles: ['wholesale'] }, STAFF)).toBe('/')
  })

  it('lets staff in, comparing roles case-insensitively', () => {
    expect(staffRedirect(at('/admin/products'), manager, STAFF)).toBeNull()
    expect(staffRedirect(at('/admin/work-hours'), manager, STAFF)).toBeNull()
    expect(staffRedirect(at('/admin/users'), adminUser, ['admin'])).toBeNull()
  })

  it('sends staff whose session the server ended to /login and back, from every staff page', () => {
    for (const path of ['/admin/users', '/admin/logs', '/admin/sales', '/admin/statistics', '/admin']) {
      expect(staffRedirect(at(path), null, STAFF, 'expired')).toBe(`/login?returnUrl=${encodeURIComponent(path)}`)
    }
    expect(staffRedirect(at('/admin/users'), null, ['admin'], 'roles_changed')).toBe(
      '/login?returnUrl=%2Fadmin%2Fusers',
    )
  })

  it('keeps the admin-only pages from a store manager, whatever guard the router gave', () => {
    expect(staffRedirect(at('/admin/users'), manager, ['admin'])).toBe('/')
    expect(staffRedirect(at('/admin/logs'), manager, STAFF)).toBe('/')
  })
})
