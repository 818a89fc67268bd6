import { describe, expect, it } from 'vitest'
import {
  auditDiff,
  formatAuditValue,
  isSecretKey,
  jsonEqual,
  redactSecrets,
  summarizeAuditEntry,
  SUMMARY_MAX_LENGTH,
  type AuditChange,
} from './audit-diff.ts'
import { itReturns } from './test-support.ts'

const change = (path: string, kind: AuditChange['kind'], before: unknown, after: unknown, secret = false) => ({
  path,
  kind,
  before,
  after,
  secret,
})

describe('auditDiff', () => {
  it.each([
    { name: 'nothing changed', before: { a: 1, b: 'x' }, after: { b: 'x', a: 1 }, expected: [] },
    { name: 'both empty', before: null, after: null, expected: [] },
    {
      name: 'a scalar changed',
      before: { status: 'pending' },
      after: { status: 'processing' },
      expected: [change('status', 'changed', 'pending', 'processing')],
    },
    {
      name: 'a create lists every field as added',
      before: null,
      after: { name: 'Čekić', price: 12.5 },
      expected: [change('name', 'added', null, 'Čekić'), change('price', 'added', null, 12.5)],
    },
    {
      name: 'a delete lists every field as removed',
      before: { name: 'Čekić' },
      after: null,
      expected: [change('name', 'removed', 'Čekić', null)],
    },
    {
      name: 'nested objects are flattened with dotted paths',
      before: { shipping: { price: 10, free: { above: 100 } } },
      after: { shipping: { price: 12, free: { above: 100 } } },
      expected: [change('shipping.price', 'changed', 10, 12)],
    },
    {
      name: 'a nested field added and one removed',
      before: { a: { x: 1 } },
      after: { a: { y: 2 } },
      expected: [change('a.y', 'added', null, 2), change('a.x', 'removed', 1, null)],
    },
    {
      name: 'arrays are compared as whole values',
      before: { roles: ['user'] },
      after: { roles: ['user', 'admin'] },
      expected: [change('roles', 'changed', ['user'], ['user', 'admin'])],
    },
    {
      name: 'equal arrays of objects are no change, whatever the key order',
      before: { images: [{ url: 'a', is_primary: true }] },
      after: { images: [{ is_primary: true, url: 'a' }] },
      expected: [],
    },
    {
      name: 'array order matters',
      before: { roles: ['a', 'b'] },
      after: { roles: ['b', 'a'] },
      expected: [change('roles', 'changed', ['a', 'b'], ['b', 'a'])],
    },
    {
      name: 'a value that became null is a change, not a removal',
      before: { brandId: 'b1' },
      after: { brandId: null },
      expected: [change('brandId', 'changed', 'b1', null)],
    },
    {
      name: 'an empty object is a value of its own',
      before: { meta: null },
      after: { meta: {} },
      expected: [change('meta', 'changed', null, {})],
    },
    {
      name: 'a password hash is listed as changed, never shown',
      before: { email: 'a@b.ba', password_hash: '$argon2id$old' },
      after: { email: 'a@b.ba', password_hash: '$argon2id$new' },
      expected: [change('password_hash', 'changed', null, null, true)],
    },
    {
      name: 'an unchanged secret is not listed',
      before: { password_hash: 'same', name: 'A' },
      after: { password_hash: 'same', name: 'B' },
      expected: [change('name', 'changed', 'A', 'B')],
    },
    {
      name: 'everything under a secret key is hidden',
      before: null,
      after: { resetToken: { value: 'abc', expires: 1 } },
      expected: [
        change('resetToken.value', 'added', null, null, true),
        change('resetToken.expires', 'added', null, null, true),
      ],
    },
    {
      name: 'a scalar document reads as one unnamed field',
      before: 'old',
      after: 'new',
      expected: [change('', 'changed', 'old', 'new')],
    },
  ])('$name', ({ before, after, expected }) => {
    expect(auditDiff(before, after)).toEqual(expected)
  })
})

describe('isSecretKey', () => {
  itReturns(isSecretKey, '%s -> %s', [
    ['password_hash', true],
    ['passwordHash', true],
    ['password', true],
    ['token_hash', true],
    ['secret', true],
    ['apiKey', true],
    ['email', false],
    ['price', false],
    ['full_name', false],
  ])
})

describe('redactSecrets', () => {
  it('replaces secret values at any depth and keeps the rest', () => {
    expect(redactSecrets({ email: 'a@b.ba', password_hash: 'x', nested: [{ token: 't', keep: 1 }], n: null })).toEqual({
      email: 'a@b.ba',
      password_hash: '[skriveno]',
      nested: [{ token: '[skriveno]', keep: 1 }],
      n: null,
    })
  })
  it.each([null, 1, 'text', [1, 2]])('leaves %j as it is', (value) => {
    expect(redactSecrets(value)).toEqual(value)
  })
})

describe('jsonEqual', () => {
  itReturns(jsonEqual, '%j vs %j -> %s', [
    [1, 1, true],
    [1, '1', false],
    [null, null, true],
    [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [[1], { 0: 1 }, false],
  ])
})

describe('formatAuditValue', () => {
  itReturns(formatAuditValue, '%j -> %s', [
    [null, ''],
    [undefined, ''],
    ['Čekić', 'Čekić'],
    [12.5, '12.5'],
    [true, 'true'],
    [['a', 'b'], '["a","b"]'],
  ])
})

describe('summarizeAuditEntry', () => {
  it.each([
    {
      name: 'a status change',
      before: { status: 'pending' },
      after: { status: 'processing' },
      expected: 'izmijenjeno: status: pending → processing',
    },
    {
      name: 'a named product update with many fields',
      before: { name: 'Čekić', price: 10, stock: 1, featured: false, recommended: false },
      after: { name: 'Čekić', price: 12, stock: 2, featured: true, recommended: true },
      expected: 'Čekić · izmijenjeno: price: 10 → 12, stock: 1 → 2, featured: false → true +1',
    },
    {
      name: 'a long value shows only the field name',
      before: { description: 'a'.repeat(40) },
      after: { description: 'b'.repeat(40) },
      expected: 'izmijenjeno: description',
    },
    { name: 'a create names what was made', before: null, after: { name: 'Novi brend' }, expected: 'Novi brend' },
    { name: 'a delete says so', before: { title: 'Slajd 1' }, after: null, expected: 'Slajd 1 · obrisano' },
    {
      name: 'a failed sign-in gives the e-mail and the reason',
      before: null,
      after: { email: 'ana@test.ba', ip: '1.2.3.4', reason: 'wrong_password' },
      expected: 'ana@test.ba · pogrešna lozinka',
    },
    {
      name: 'a password set never shows the hash',
      before: { email: 'ana@test.ba', password_hash: 'x' },
      after: { email: 'ana@test.ba', password_hash: 'y' },
      expected: 'ana@test.ba · izmijenjeno: password_hash',
    },
    {
      name: 'a role change reads as words',
      before: { email: 'ana@test.ba', roles: ['user'] },
      after: { email: 'ana@test.ba', roles: ['user', 'admin'], role: 'admin' },
      expected: 'ana@test.ba · izmijenjeno: roles: user → user, admin, role: (prazno) → admin',
    },
    {
      name: 'bookkeeping times are left out of the line',
      before: { name: 'Bosch', updatedAt: '2026-01-01T10:00:00.000Z' },
      after: { name: 'Makita', updatedAt: '2026-01-02T10:00:00.000Z' },
      expected: 'Makita · izmijenjeno: name: Bosch → Makita',
    },
    { name: 'nothing to say', before: null, after: null, expected: '' },
  ])('$name', ({ before, after, expected }) => {
    expect(summarizeAuditEntry({ before, after })).toBe(expected)
  })

  it('is cut to the list length', () => {
    const summary = summarizeAuditEntry({ before: null, after: { name: 'x'.repeat(500) } })
    expect(summary).toHaveLength(SUMMARY_MAX_LENGTH)
    expect(summary.endsWith('…')).toBe(true)
  })
})
