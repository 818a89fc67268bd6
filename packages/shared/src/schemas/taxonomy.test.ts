import { describe, expect, it } from 'vitest'
import { brandInput, brandPatch, categoryInput, categoryPatch, isWebAddress, toNumber } from './taxonomy.ts'
import { firstIssueMessage } from './test-support.ts'
import { itReturns } from '../rules/test-support.ts'
import { itRefuses } from './test-cases.ts'

describe('category form', () => {
  itRefuses(categoryInput, 'refuses %j with %s', [
    [{}, 'Potreban je naziv kategorije'],
    [{ name: '' }, 'Potreban je naziv kategorije'],
    [{ name: '   ' }, 'Potreban je naziv kategorije'],
    [{ name: null }, 'Potreban je naziv kategorije'],
    [{ name: 'x'.repeat(201) }, 'Tekst je predug'],
    [{ name: 'Alati', description: 'x'.repeat(5001) }, 'Tekst je predug'],
    [{ name: 'Ala\u0000ti' }, 'Unos sadrži nedozvoljene znakove.'],
    [{ name: 'Alati', description: '\u0000' }, 'Unos sadrži nedozvoljene znakove.'],
  ])

  it('trims, stores an empty description as null and drops the client timestamps', () => {
    expect(categoryInput.parse({ name: ' Alati ', description: ' ', createdAt: 'x', updatedAt: 'y' })).toEqual({
      name: 'Alati',
      description: null,
    })
    expect(categoryInput.parse({ name: 'Alati' })).toEqual({ name: 'Alati' })
  })

  it('lets a PATCH leave out the name but not blank it', () => {
    expect(categoryPatch.parse({ description: 'Ručni alati' })).toEqual({ description: 'Ručni alati' })
    expect(firstIssueMessage(categoryPatch, { name: ' ' })).toBe('Potreban je naziv kategorije')
  })
})

describe('brand form', () => {
  itRefuses(brandInput, 'refuses %j with %s', [
    [{}, 'Brand name is required'],
    [{ name: ' ' }, 'Brand name is required'],
    [{ name: 'Bosch', image_url: 'javascript:alert(1)' }, 'Image URL must be a web address or a path starting with /'],
    [
      { name: 'Bosch', image_url: 'ftp://example.ba/logo.png' },
      'Image URL must be a web address or a path starting with /',
    ],
    [{ name: 'Bosch', image_url: 42 }, 'Image URL must be a web address or a path starting with /'],
    [{ name: 'x'.repeat(201) }, 'Text is too long'],
  ])

  it('stores empty optional fields as null', () => {
    expect(brandInput.parse({ name: 'Bosch', description: '', image_url: '' })).toEqual({
      name: 'Bosch',
      description: null,
      image_url: null,
    })
    expect(brandPatch.parse({ image_url: 'https://cdn.example.ba/bosch.png' })).toEqual({
      image_url: 'https://cdn.example.ba/bosch.png',
    })
  })
})

describe('isWebAddress', () => {
  itReturns(isWebAddress, '%j -> %s', [
    ['/api/images/brands/a.webp', true],
    ['/store?category=1', true],
    ['https://example.ba/a.png', true],
    ['http://example.ba', true],
    ['//evil.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://', false],
    ['/a b', false],
    ['relative/path', false],
    ['/a\u0000b', false],
    ['https://example.ba/\u0007', false],
    ['', false],
  ])
})

describe('toNumber', () => {
  itReturns(toNumber, '%j -> %j', [
    [12, 12],
    ['12,5', 12.5],
    [' 7 ', 7],
    ['', undefined],
    [Number.NaN, undefined],
    ['abc', 'abc'],
    [null, null],
  ])
})
