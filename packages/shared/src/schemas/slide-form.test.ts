import { describe, expect, it } from 'vitest'
import { slideForm, slideLink } from './slide-form.ts'
import { itReturns } from '../rules/test-support.ts'
import { itRefuses } from './test-cases.ts'

const CATEGORY = '0f8a5a52-8a3c-4c1e-9a57-6a2c3c0e1d11'
const valid = { title: 'Proljetna akcija', image_url: '/api/images/slides/a.webp', order: 0 }

describe('slide form', () => {
  itRefuses(slideForm, 'refuses %j with %s', [
    [{ ...valid, image_url: undefined }, 'Slika je obavezna'],
    [{ ...valid, image_url: ' ' }, 'Slika je obavezna'],
    [{ ...valid, image_url: 'javascript:x' }, 'Neispravna adresa slike'],
    [{ ...valid, mobile_image_url: 'nope' }, 'Neispravna adresa slike'],
    [{ ...valid, order: -1 }, 'Redoslijed mora biti cijeli broj, 0 ili veći'],
    [{ ...valid, order: 1.5 }, 'Redoslijed mora biti cijeli broj, 0 ili veći'],
    [{ ...valid, order: 'prvi' }, 'Redoslijed mora biti cijeli broj, 0 ili veći'],
    [{ ...valid, link: 'javascript:alert(1)' }, 'Poveznica mora biti web adresa ili putanja koja počinje s /'],
    [{ ...valid, categoryId: 'alati' }, 'Odabrana kategorija nije ispravna'],
    [{ ...valid, title: 'x'.repeat(301) }, 'Tekst je predug'],
    [{ ...valid, title: 'Ak\u0000cija' }, 'Unos sadrži nedozvoljene znakove.'],
    [{ ...valid, link: '/store\u0000' }, 'Poveznica mora biti web adresa ili putanja koja počinje s /'],
  ])

  it('trims title and description and stores an empty description and mobile image as null', () => {
    expect(
      slideForm.parse({ ...valid, title: '  Akcija  ', description: '   ', mobile_image_url: '', link: '' }),
    ).toEqual({
      title: 'Akcija',
      description: null,
      image_url: '/api/images/slides/a.webp',
      mobile_image_url: null,
      order: 0,
      is_active: true,
      link: null,
      categoryId: null,
    })
  })

  it('links a slide with a category to the store filtered by it, whatever link was sent', () => {
    expect(slideForm.parse({ ...valid, categoryId: CATEGORY, link: 'https://example.ba' })).toMatchObject({
      categoryId: CATEGORY,
      link: `/store?category=${CATEGORY}`,
    })
  })
})

describe('slideLink', () => {
  itReturns(slideLink, 'category %j, link %j -> %j', [
    [CATEGORY, '/kontakt', `/store?category=${CATEGORY}`],
    [null, '/kontakt', '/kontakt'],
    ['', '/kontakt', '/kontakt'],
    [null, null, null],
    [undefined, '', null],
  ])
})
