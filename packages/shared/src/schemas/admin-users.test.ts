import { describe, expect, it } from 'vitest'
import { adminPasswordForm, adminPasswordInput, adminUserListQuery, roleChangeParams } from './admin-users.ts'
import { firstIssueMessage } from './test-support.ts'
import { itRefuses } from './test-cases.ts'

describe('adminPasswordInput (staff-and-content.md §5 Password change by admin)', () => {
  itRefuses(adminPasswordInput, 'refuses %j with %s', [
    [{}, 'Password is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: 1234 }, 'Password is required'],
    [undefined, 'Password is required'],
    [{ password: 'kratka7' }, 'Password must be at least 8 characters long'],
    [{ password: 'x'.repeat(201) }, 'Lozinka smije imati najviše 200 znakova.'],
  ])

  it('accepts eight characters', () => {
    expect(adminPasswordInput.safeParse({ password: 'dugacka8' }).success).toBe(true)
  })
})

describe('adminPasswordForm', () => {
  it('asks for a matching confirmation', () => {
    const result = adminPasswordForm.safeParse({ password: 'dugacka88', confirmPassword: 'dugacka89' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmPassword', 'Passwords do not match'],
    ])
  })

  it('reports a short password and a mismatch together', () => {
    const result = adminPasswordForm.safeParse({ password: 'kratka', confirmPassword: 'drugo' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters long',
      'Passwords do not match',
    ])
  })

  it('accepts matching passwords', () => {
    expect(adminPasswordForm.safeParse({ password: 'dugacka88', confirmPassword: 'dugacka88' }).success).toBe(true)
  })
})

describe('roleChangeParams and adminUserListQuery', () => {
  it('allows only the three managed roles and add or remove', () => {
    expect(roleChangeParams.safeParse({ id: 'x', role: 'wholesale', action: 'add' }).success).toBe(true)
    expect(firstIssueMessage(roleChangeParams, { id: 'x', role: 'user', action: 'add' })).toContain('Nepoznata uloga')
    expect(firstIssueMessage(roleChangeParams, { id: 'x', role: 'admin', action: 'drop' })).toContain(
      'Nepoznata radnja',
    )
  })

  it('pages from 1 with 20 a page and at most 100', () => {
    expect(adminUserListQuery.parse({})).toEqual({ page: 1, pageSize: 20 })
    expect(adminUserListQuery.parse({ page: '3', pageSize: '50', query: ' Ana ' })).toEqual({
      page: 3,
      pageSize: 50,
      query: 'Ana',
    })
    expect(adminUserListQuery.safeParse({ pageSize: '101' }).success).toBe(false)
  })
})
